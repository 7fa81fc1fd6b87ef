import { useState } from 'react';

/**
 * What a page whose code did not arrive shows (offline, the server down): plain words and Try again, which
 * fetches the code again and, once it is here, shows the page. It is in the first load with the error boundary,
 * since what failed is the page's own code. A second click while one try is under way joins it (onDemand).
 */
export function CodeLoadFailure({ retry, onLoaded }: { retry(): Promise<unknown>; onLoaded(): void }) {
  const [failedAgain, setFailedAgain] = useState(false);
  return (
    <article className="page narrow">
      <h1 className="page-title" tabIndex={-1}>This page could not load</h1>
      <p>Check your connection and try again.</p>
      <p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            setFailedAgain(false);
            retry().then(onLoaded, () => setFailedAgain(true));
          }}
        >
          Try again
        </button>
      </p>
      <p role="status" className="hint">{failedAgain && 'It still could not load.'}</p>
    </article>
  );
}
