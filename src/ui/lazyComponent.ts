import { createElement, lazy, type ComponentType } from 'react';
import { onDemand } from '../kernel/onDemand';

/**
 * A component whose code loads on demand: a screen with its route, a piece of
 * a page as the person starts on it. Once its code has arrived (say,
 * preloaded on intent) it renders directly; React.lazy would still suspend for
 * a moment, and React then holds the loading state back on a timer (up to
 * 300 ms). Until then it suspends, so it needs a Suspense boundary above it.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const code = onDemand(load);
  const Lazy = lazy(() => code.load().then((component) => ({ default: component })));
  function OnDemand(props: P) {
    const loaded = code.current();
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return { Component: OnDemand, preload: code.load, isLoaded: () => code.current() !== undefined };
}
