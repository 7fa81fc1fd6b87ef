import { useEffect } from 'react';

/**
 * Focuses the page heading when the page appears and nothing else holds focus
 * (the control that led here is gone), so keyboard and screen-reader users
 * start at the top of the new page. The shell does the same on every route
 * change; this also covers pages that arrive later, loaded with their route.
 */
export function useFocusHeading(): void {
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) document.querySelector<HTMLElement>('main h1')?.focus();
  }, []);
}
