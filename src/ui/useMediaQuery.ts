import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, re-rendering when it changes (a
 * phone rotated, a pointer plugged in). Where matchMedia is missing (a test
 * environment, an old engine) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** A finger is the main pointer (a phone or tablet): tap rather than click, swipe rather than find a button. */
export const TOUCH_QUERY = '(pointer: coarse)';
