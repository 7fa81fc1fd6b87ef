import { laterHlc } from './hlc';
import type { SyncField, SyncItem } from './syncItem';

/*
 * The one merge rule, run by the server and by every device alike, so all
 * of them arrive at the same item whatever order changes reach them in:
 *
 * - Per field, the change with the later stamp wins (last writer wins, on
 *   the hybrid logical clock, so "later" respects what each writer had seen).
 *   Two edits of different fields of one item both survive.
 * - A deletion is a tombstone that wins: an item deleted anywhere stays
 *   deleted everywhere and keeps no fields (the person asked for it gone;
 *   an older copy arriving later never brings it back). The tombstone keeps
 *   the item's collection and id, so that copy is recognised.
 *
 * The rule is a join: commutative, associative and idempotent
 * (mergeItem.test.ts proves it on random items).
 */

/** The winning one of two writes of one field; equal stamps with different values (never from one honest clock) break by value, so every replica picks the same. */
function laterField(a: SyncField | undefined, b: SyncField): SyncField {
  if (a === undefined || b.t > a.t) return b;
  if (b.t < a.t) return a;
  return JSON.stringify(b.v) > JSON.stringify(a.v) ? b : a;
}

function sortedFields(fields: Record<string, SyncField>): Record<string, SyncField> {
  return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Two versions of one item (same collection and id) merged by the rule above. */
export function mergeItems(a: SyncItem, b: SyncItem): SyncItem {
  const deleted = laterHlc(a.d, b.d);
  if (deleted !== undefined) return { c: a.c, id: a.id, f: {}, d: deleted };
  const fields: Record<string, SyncField> = { ...a.f };
  for (const [name, field] of Object.entries(b.f)) fields[name] = laterField(fields[name], field);
  return { c: a.c, id: a.id, f: sortedFields(fields) };
}

export interface RemoteOutcome {
  merged: SyncItem;
  /** The fields whose value this replica now holds differently. */
  changedFields: string[];
  /** The item was not deleted here before and is now. */
  deleted: boolean;
  /** Anything at all changed here (a stamp included). */
  changed: boolean;
}

/** What a remote version does to the local one (absent: never seen here). */
export function applyRemote(local: SyncItem | undefined, remote: SyncItem): RemoteOutcome {
  const merged = local ? mergeItems(local, remote) : mergeItems(remote, remote);
  const before = local?.f ?? {};
  const changedFields = Object.keys(merged.f).filter((name) => before[name]?.t !== merged.f[name]?.t);
  const deleted = merged.d !== undefined && local?.d === undefined;
  return { merged, changedFields, deleted, changed: !local || sameItem(local, merged) === false };
}

/** Whether two versions of an item hold the same stamps and values. */
export function sameItem(a: SyncItem, b: SyncItem): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(item: SyncItem): SyncItem {
  return { c: item.c, id: item.id, f: sortedFields(item.f), ...(item.d !== undefined ? { d: item.d } : {}) };
}
