/*
 * A hybrid logical clock: stamps that follow wall time where devices agree
 * on it, and still order every change causally where they do not (a stamp
 * seen from elsewhere moves this clock past it). A stamp is a string that
 * sorts in time order, so the server and every device compare stamps with
 * `<` and need no parsing to merge:
 *
 *   0001764280000000-0000-dev_k3x9
 *   wall ms (13 digits)-counter (4 base-36 digits)-node id (breaks ties)
 */

export type Hlc = string;

const WALL_DIGITS = 13;
const COUNTER_DIGITS = 4;
const MAX_COUNTER = 36 ** COUNTER_DIGITS - 1;
export const NODE_ID_PATTERN = /^[a-z0-9_]{1,32}$/;
export const HLC_PATTERN = /^\d{13}-[0-9a-z]{4}-[a-z0-9_]{1,32}$/;

interface Parts {
  wall: number;
  counter: number;
  node: string;
}

export function formatHlc({ wall, counter, node }: Parts): Hlc {
  return `${String(wall).padStart(WALL_DIGITS, '0')}-${counter.toString(36).padStart(COUNTER_DIGITS, '0')}-${node}`;
}

/** The parts of a stamp; undefined for anything that is not one. */
export function parseHlc(stamp: string): Parts | undefined {
  if (!HLC_PATTERN.test(stamp)) return undefined;
  const [wall, counter, node] = stamp.split('-') as [string, string, string];
  return { wall: Number(wall), counter: parseInt(counter, 36), node };
}

/** The later of two stamps (either may be absent). */
export function laterHlc(a: Hlc | undefined, b: Hlc | undefined): Hlc | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a >= b ? a : b;
}

export interface Clock {
  /** A stamp for a change made here now, later than every stamp this clock has made or seen. */
  tick(): Hlc;
  /** Moves the clock past a stamp that came from elsewhere, so the next change here sorts after it. */
  observe(remote: Hlc): void;
}

export function createClock(node: string, now: () => number = Date.now): Clock {
  if (!NODE_ID_PATTERN.test(node)) throw new Error(`A clock's node id is 1-32 of a-z, 0-9 and _ (got "${node}").`);
  let wall = 0;
  let counter = 0;

  /** Counts on within one millisecond; past the counter's room, borrows the next millisecond rather than wrap. */
  function advance(nextWall: number, nextCounter: number) {
    if (nextCounter > MAX_COUNTER) {
      wall = nextWall + 1;
      counter = 0;
    } else {
      wall = nextWall;
      counter = nextCounter;
    }
  }

  return {
    tick() {
      const physical = now();
      if (physical > wall) advance(physical, 0);
      else advance(wall, counter + 1);
      return formatHlc({ wall, counter, node });
    },
    observe(remote) {
      const theirs = parseHlc(remote);
      if (!theirs) return;
      const physical = now();
      const next = Math.max(wall, theirs.wall, physical);
      if (next === wall && next === theirs.wall) advance(next, Math.max(counter, theirs.counter) + 1);
      else if (next === wall) advance(next, counter + 1);
      else if (next === theirs.wall) advance(next, theirs.counter + 1);
      else advance(next, 0);
    },
  };
}
