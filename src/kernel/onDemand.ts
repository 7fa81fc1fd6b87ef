/*
 * Code loaded on demand: one load at a time, kept once it has
 * arrived so callers can use it in the same task, and tried again after a
 * failure (a flaky network), never cached as failed.
 */
export interface OnDemand<T> {
  load(): Promise<T>;
  /** What load brought, once it has arrived. */
  current(): T | undefined;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let current: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load() {
      loading ??= load().then(
        (value) => (current = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => current,
  };
}
