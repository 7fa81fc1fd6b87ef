/**
 * Focuses the new page's heading, so keyboard and screen-reader users start
 * at the top of it. Pages load with their route, and a tool's heading is
 * replaced once its declaration arrives, so this keeps watching the page for
 * a moment after its heading first appears, and stops as soon as the user
 * presses a key or clicks: it never takes focus from someone who has moved on.
 * The moment is counted from the heading, not the navigation: on a slow school
 * laptop the route's code can take longer than that to arrive.
 */
export function focusPageHeading(): () => void {
  const main = document.getElementById('main');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const focus = () => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (document.activeElement !== heading) heading.focus({ preventScroll: false });
    timer ??= setTimeout(stop, HEADING_WATCH_MS);
  };
  const stop = () => {
    observer?.disconnect();
    clearTimeout(timer);
    clearTimeout(giveUp);
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  };
  const observer = main
    ? new MutationObserver(() => {
        const active = document.activeElement;
        if (active === null || active === document.body || (active.tagName === 'H1' && !active.isConnected)) focus();
      })
    : undefined;
  if (observer && main) observer.observe(main, { childList: true, subtree: true });
  // A page that never shows a heading is not watched forever.
  const giveUp = setTimeout(stop, HEADING_WAIT_LIMIT_MS);
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
  focus();
  return stop;
}

/** How long a page's heading is kept focused while the page settles (a tool's heading is swapped once). */
const HEADING_WATCH_MS = 3000;
/** How long a route may take to show its heading at all. */
const HEADING_WAIT_LIMIT_MS = 30_000;
