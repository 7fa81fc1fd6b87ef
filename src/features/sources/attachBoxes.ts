/*
 * The text boxes a file may fill, as the button on the page and the panel
 * that loads with the first file both see them. Its own module so the panel
 * does not import the button that loads it.
 */

export interface AttachTarget {
  name: string;
  label: string;
}

export interface AttachBoxes {
  /** This box, then the boxes after it that several files may fill. */
  targets: readonly AttachTarget[];
  valueOf(name: string): string;
  setValue(name: string, value: string): void;
}
