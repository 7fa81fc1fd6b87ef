import { useState } from 'react';

type Attempt = 'none' | 'trying' | 'failed';

/**
 * What a page whose code did not arrive shows (offline, the server down): plain words and Try again, which
 * fetches the code again and, once it is here, shows the page. It is in the first load with the error boundary,
 * since what failed is the page's own code.
 */
export function CodeLoadFailure({ retry, onLoaded }: { retry(): Promise<unknown>; onLoaded(): void }) {
  const [attempt, setAttempt] = useState<Attempt>('none');
  function tryAgain() {
    if (attempt === 'trying') return;
    setAttempt('trying');
    retry().then(onLoaded, () => setAttempt('failed'));
  }
  return (
    <article className="page narrow">
      <h1 className="page-title" tabIndex={-1}>This page could not load</h1>
      <p>Check your connection and try again.</p>
      <p>
        {/* Never disabled while trying: a disabled button would drop keyboard focus. */}
        <button type="button" className="button button-primary" aria-disabled={attempt === 'trying'} onClick={tryAgain}>
          Try again
        </button>
      </p>
      <p role="status" className="hint">
        {attempt === 'trying' ? 'Trying again...' : attempt === 'failed' ? 'It still could not load. Check your connection and try again.' : ''}
      </p>
    </article>
  );
}
