/*
 * At most `size` holders at once; up to `queueLength` more wait in order of
 * arrival, each for at most `maxWaitMs`. Used to bound how many uploads the
 * gateway holds in memory: a waiting request has not been read yet.
 */

export interface Slots {
  /** Resolves with a release function, or undefined when the queue is full, the wait ran out or `signal` aborted. */
  acquire(signal?: AbortSignal): Promise<(() => void) | undefined>;
  /** Holders now, and waiting (for tests). */
  readonly active: number;
  readonly waiting: number;
}

export function createSlots(size: number, queueLength: number, maxWaitMs: number): Slots {
  let active = 0;
  const queue: (() => void)[] = [];

  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next(); // The slot passes straight to the next in line.
      else active -= 1;
    };
  }

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.resolve(undefined);
      if (active < size) {
        active += 1;
        return Promise.resolve(releaser());
      }
      if (queue.length >= queueLength) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const leave = () => {
          const index = queue.indexOf(turn);
          if (index !== -1) queue.splice(index, 1);
          clearTimeout(timer);
          signal?.removeEventListener('abort', leave);
          resolve(undefined);
        };
        const turn = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', leave);
          resolve(releaser());
        };
        const timer = setTimeout(leave, maxWaitMs);
        signal?.addEventListener('abort', leave, { once: true });
        queue.push(turn);
      });
    },
  };
}
