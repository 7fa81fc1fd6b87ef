import { useEffect, useState } from 'react';

/*
 * The refine bar's code loads with the first result, never with
 * the page: Generate starts loading it, so it is there when the answer is.
 * Loaded by hand rather than through React.lazy: a Suspense boundary that
 * reveals late is held back by React's reveal throttle, and the result
 * should not wait on its refine bar.
 */

type RefineModule = typeof import('./RefineControls');

let loaded: RefineModule | null = null;
let loading: Promise<RefineModule> | null = null;

export function loadRefine(): Promise<RefineModule> {
  loading ??= import('./RefineControls').then((module) => (loaded = module));
  return loading;
}

/** The refine code once it is here (null until then); asks for it if nobody has. */
export function useRefineModule(): RefineModule | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let current = true;
    loadRefine().then(
      (arrived) => current && setModule(arrived),
      (error: unknown) => console.warn('[refine] could not load the refine bar', error),
    );
    return () => {
      current = false;
    };
  }, [module]);
  return module;
}
