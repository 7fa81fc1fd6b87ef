import { createElement, lazy, type ComponentType } from 'react';
import { onDemand } from '../kernel/onDemand';

/**
 * A screen's code that did not arrive: offline, or the server down. The
 * route's error boundary shows a plain "could not load" with Try again, which
 * calls `retry` (the same import: onDemand never keeps a failure), rather than
 * the browser's technical message.
 */
export class CodeLoadError extends Error {
  constructor(
    readonly retry: () => Promise<unknown>,
    cause: unknown,
  ) {
    super('code not loaded', { cause });
  }
}

/**
 * A component whose code loads on demand: a screen with its route, a piece of
 * a page as the person starts on it. Once its code has arrived (say,
 * preloaded on intent) it renders directly; React.lazy would still suspend for
 * a moment, and React then holds the loading state back on a timer (up to
 * 300 ms). Until then it suspends, so it needs a Suspense boundary above it.
 * React.lazy keeps a failed load for good, so after a retry that worked it is
 * the direct render that shows the component.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const code = onDemand(load);
  const Lazy = lazy(() =>
    code.load().then(
      (component) => ({ default: component }),
      (cause: unknown) => {
        throw new CodeLoadError(code.load, cause);
      },
    ),
  );
  function OnDemand(props: P) {
    const loaded = code.current();
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return { Component: OnDemand, preload: code.load, isLoaded: () => code.current() !== undefined };
}
