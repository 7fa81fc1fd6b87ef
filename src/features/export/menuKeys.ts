/*
 * Arrow-key movement inside a menu of buttons (the WAI-ARIA menu button
 * pattern): Down and Up move to the next and previous entry and wrap
 * round, Home and End go to the first and last.
 */

export type MenuEnd = 'first' | 'last';

function entriesOf(list: HTMLElement | null): HTMLButtonElement[] {
  return list ? [...list.querySelectorAll<HTMLButtonElement>('button')] : [];
}

/** Focuses the first or last entry of the menu, if it has any. */
export function focusMenuItem(list: HTMLElement | null, end: MenuEnd): void {
  const entries = entriesOf(list);
  (end === 'first' ? entries[0] : entries.at(-1))?.focus();
}

/** The entry a key pressed on `from` moves to, or null when the key is not a menu movement. */
export function menuKeyTarget(list: HTMLElement | null, from: EventTarget, key: string): HTMLButtonElement | null {
  const entries = entriesOf(list);
  const at = entries.indexOf(from as HTMLButtonElement);
  if (at < 0) return null;
  switch (key) {
    case 'ArrowDown': return entries[(at + 1) % entries.length]!;
    case 'ArrowUp': return entries[(at - 1 + entries.length) % entries.length]!;
    case 'Home': return entries[0]!;
    case 'End': return entries.at(-1)!;
    default: return null;
  }
}
