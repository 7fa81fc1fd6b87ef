import type { AttachFile } from './AttachFile';

/*
 * "Attach a file" wraps a text box, so a form with such a box waits for its
 * code before it paints (ToolPage), as it waits for a field widget: a box
 * swapped under the typist would lose their typing. A form without one (the
 * recording tools' boxes bring widgets of their own) never loads it (issue 19).
 */

let loaded: typeof AttachFile | undefined;

export async function preloadAttachFile(): Promise<void> {
  loaded ??= (await import('./AttachFile')).AttachFile;
}

/** The component once preloadAttachFile has brought it; until then a box shows without it. */
export function loadedAttachFile(): typeof AttachFile | undefined {
  return loaded;
}
