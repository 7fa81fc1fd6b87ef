import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { onDemand } from '../../kernel/onDemand';

/* Nothing on screen waits for the tab's title: its code follows the first paint, and stays for every route after. */
const titleCode = onDemand(() => import('./keepDocumentTitle'));

/**
 * Keeps the document title on the screen shown, on every route change. Beside the router rather than in a
 * page, so it is set even where a page's code could not arrive.
 */
export function DocumentTitle(): null {
  const [location] = useLocation();
  useEffect(() => {
    let shown = true;
    let stop: (() => void) | undefined;
    titleCode.load().then(
      ({ keepDocumentTitle }) => {
        if (shown) stop = keepDocumentTitle(location);
      },
      // Could not arrive (the network went): the next route change asks again.
      () => undefined,
    );
    return () => {
      shown = false;
      stop?.();
    };
  }, [location]);
  return null;
}
