/*
 * Bringing something the person must see next (an error, a new version) into
 * view below the sticky app header. The header's height varies (a long title
 * can wrap on a phone), so it is measured, not assumed from CSS.
 */

/** Room left between the header and what is brought into view, in pixels. */
const GAP = 12;

/** The bottom edge of the sticky app header in the viewport (0 when there is none). */
function headerBottom(): number {
  const header = document.querySelector('.app-header');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/**
 * Scrolls the page so the element's top sits just below the header, unless
 * it is already wholly in view there. Smooth only when the person has not
 * asked for reduced motion.
 */
export function bringIntoView(element: Element | null): void {
  if (!element) return;
  const box = element.getBoundingClientRect();
  const top = headerBottom();
  const fits = box.top >= top && box.bottom <= window.innerHeight;
  if (fits) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  window.scrollBy?.({ top: box.top - top - GAP, behavior: still ? 'auto' : 'smooth' });
}

/** Gives the element focus where it is and brings it into view below the header. */
export function focusInView(element: HTMLElement | null): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  bringIntoView(element);
}

/** Whether keyboard focus has been dropped on the page (its control went away or was disabled). */
export function focusDropped(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
}
