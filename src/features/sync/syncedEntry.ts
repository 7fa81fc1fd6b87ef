/*
 * The shape of one row of the table of what syncs (syncedKeys.ts): which
 * stored keys it covers, how a stored value splits into sync items, and how
 * items that arrive from the account are written back into stored values.
 */

/** One item as this device holds it: its collection, id and field values (the stamps are the engine's). */
export interface Draft {
  c: string;
  id: string;
  f: Record<string, unknown>;
}

export interface Split {
  live: Draft[];
  /** Items this value says were deleted here (the tombstone list). */
  deleted: { c: string; id: string }[];
}

export interface SplitContext {
  /** Another stored key's value (the tombstones, when splitting the project list). */
  read(key: string): unknown;
  /** The ids of a collection this device has synced and not deleted. */
  known(collection: string): string[];
}

/** An item as it now is after a remote change: its field values, or deleted. */
export interface Arrival {
  c: string;
  id: string;
  /** Every field's value after the merge; absent when the item is deleted. */
  f?: Record<string, unknown>;
}

export interface ApplyContext {
  /** A stored value, as this apply has left it so far. */
  read(key: string): unknown;
  /** Sets (undefined: removes) a stored value; written, and announced, when the apply ends. */
  write(key: string, value: unknown): void;
}

export interface SyncedEntry {
  /** What this row holds, in words (docs/sync.md and the report read the same table). */
  what: string;
  collections: readonly string[];
  matches(key: string): boolean;
  split(key: string, value: unknown, context: SplitContext): Split;
  apply(arrivals: readonly Arrival[], context: ApplyContext): void;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object from synced fields: a field synced as null was removed where it was edited, so it is left out. */
export function objectFromFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));
}
