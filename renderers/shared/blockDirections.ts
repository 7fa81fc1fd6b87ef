import { textDirection } from '../../src/kernel/textDirection';

/*
 * Which way each block of a rendered answer reads on screen, by the same
 * decision Word and print make (kernel/textDirection.ts): the language the
 * answer was asked in (the nearest `lang`, which the result card sets) when it
 * is written right to left, else each block's first letter. So an English
 * answer quoting an Arabic passage lays that passage out right to left, as
 * its Word file does. Set after sanitising, never by the model's markup.
 */

/** Sets `dir` on each top-level block of `container` that reads otherwise than the container does. */
export function setBlockDirections(container: HTMLElement): void {
  const language = container.closest('[lang]')?.getAttribute('lang') ?? undefined;
  const around = getComputedStyle(container).direction === 'rtl' ? 'rtl' : 'ltr';
  for (const block of container.children) {
    if (!(block instanceof HTMLElement)) continue;
    const own = textDirection(block.textContent ?? '', language);
    if (own === around) block.removeAttribute('dir');
    else block.dir = own;
  }
}
