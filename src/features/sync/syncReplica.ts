import { createClock, laterHlc, type Hlc } from '../../kernel/sync/hlc';
import { mergeItems, sameItem } from '../../kernel/sync/mergeItem';
import type { SyncField, SyncItem } from '../../kernel/sync/syncItem';
import { hashValue } from './hashValue';
import type { LocalStore } from './localStore';
import type { Arrival, Draft, SplitContext, SyncedEntry } from './syncedEntry';
import { entryForCollection, entryForKey } from './syncedKeys';
import { itemKey, loadSyncState, saveSyncState, type ShadowItem, type SyncState } from './syncState';

/*
 * This device's side of sync, without the network: a local write becomes
 * stamped changes in the outbox (diffed field by field against the shadow),
 * and items from the account become stored values (merged by the one rule,
 * written, announced to the stores). Writes sync itself makes are not heard
 * as local changes, so nothing echoes back.
 */

export interface Replica {
  state: SyncState;
  /** Diffs one stored key against the shadow; `localOnly`: what is there is recorded but never sent. */
  recordKey(key: string, localOnly?: boolean): void;
  /** Every stored key, as on the first sign-in. */
  recordAll(localOnly: boolean): void;
  /** Merges items from the account into local storage; throws (StorageFullError) when a write fails, with nothing marked as applied. */
  applyRemote(items: readonly SyncItem[]): void;
  /** Takes sent items out of the outbox, unless they changed again meanwhile. */
  acknowledge(sent: readonly SyncItem[]): void;
  /** Writes the state; returns the error when storage refused (the state stays in memory). */
  persist(): unknown;
}

export function createReplica(store: LocalStore, now: () => number = Date.now, state: SyncState = loadSyncState(store)): Replica {
  const { shadow, outbox } = state;
  const clock = createClock(state.meta.node, now);
  if (state.meta.last) clock.observe(state.meta.last);
  let applying = false;

  function stamp(): Hlc {
    const t = clock.tick();
    state.meta.last = t;
    return t;
  }

  const context: SplitContext = {
    read: (key) => store.read(key),
    known(collection) {
      const prefix = `${collection}/`;
      return [...shadow].filter(([key, item]) => key.startsWith(prefix) && item.d === undefined).map(([key]) => key.slice(prefix.length));
    },
  };

  function queue(change: SyncItem) {
    const key = itemKey(change.c, change.id);
    const pending = outbox.get(key);
    outbox.set(key, pending ? mergeItems(pending, change) : change);
  }

  function recordLive(key: string, draft: Draft, localOnly: boolean) {
    const at = itemKey(draft.c, draft.id);
    let item: ShadowItem | undefined = shadow.get(at);
    if (item?.d !== undefined) {
      // Put back by Undo before its deletion left this device: the deletion is withdrawn. Once the
      // account has it, the deletion is final (the merge rule) and the item stays on this device only.
      if (outbox.get(at)?.d !== item.d) return;
      outbox.delete(at);
      item = undefined;
    }
    const next: ShadowItem = item ? { ...item, f: { ...item.f } } : { k: key, f: {} };
    next.k = key;
    if (localOnly) next.l = 1;
    // A field gone from the stored value (an optional part removed) syncs as null.
    const values: Record<string, unknown> = Object.fromEntries(Object.keys(next.f).map((name) => [name, null]));
    Object.assign(values, draft.f);
    const changed: Record<string, SyncField> = {};
    for (const [name, raw] of Object.entries(values)) {
      const value = raw === undefined ? null : raw;
      const fingerprint = hashValue(value);
      if (next.f[name]?.[1] === fingerprint) continue;
      const t = stamp();
      next.f[name] = [t, fingerprint];
      changed[name] = { v: value, t };
    }
    shadow.set(at, next);
    if (Object.keys(changed).length > 0 && next.l === undefined) queue({ c: draft.c, id: draft.id, f: changed });
  }

  function recordDeleted(c: string, id: string) {
    const at = itemKey(c, id);
    const item = shadow.get(at);
    // Never synced (or kept on this device only): nobody else has it to delete.
    if (!item || item.d !== undefined || item.l !== undefined) return;
    const t = stamp();
    shadow.set(at, { k: item.k, f: {}, d: t });
    queue({ c, id, f: {}, d: t });
  }

  function record(key: string, localOnly: boolean) {
    if (applying) return;
    const entry = entryForKey(key);
    if (!entry) return;
    const split = entry.split(key, store.read(key), context);
    for (const draft of split.live) recordLive(key, draft, localOnly);
    for (const { c, id } of split.deleted) recordDeleted(c, id);
  }

  function persist(): unknown {
    try {
      saveSyncState(store, state);
      return undefined;
    } catch (error) {
      return error;
    }
  }

  /** The item's values as stored here now (from its key's current value), by item key; each key split once per apply. */
  function localValues(): (item: ShadowItem, at: string) => Record<string, unknown> | undefined {
    const splits = new Map<string, Map<string, Draft>>();
    return (item, at) => {
      let drafts = splits.get(item.k);
      if (!drafts) {
        const entry = entryForKey(item.k);
        const split = entry ? entry.split(item.k, store.read(item.k), context).live : [];
        splits.set(item.k, (drafts = new Map(split.map((draft) => [itemKey(draft.c, draft.id), draft]))));
      }
      return drafts.get(at)?.f;
    };
  }

  function applyRemote(items: readonly SyncItem[]) {
    const before = { shadow: new Map(shadow), outbox: new Map(outbox) };
    const arrivals = new Map<SyncedEntry, Arrival[]>();
    const valuesOf = localValues();
    const touched = new Set<string>();
    for (const remote of items) {
      const entry = entryForCollection(remote.c);
      if (!entry) continue; // A collection a newer version syncs: kept in the account, not here.
      for (const t of [...Object.values(remote.f).map((field) => field.t), ...(remote.d ? [remote.d] : [])]) clock.observe(t);
      const at = itemKey(remote.c, remote.id);
      const item = shadow.get(at);
      const arrive = (arrival: Arrival) => arrivals.set(entry, [...(arrivals.get(entry) ?? []), arrival]);
      if (remote.d !== undefined) {
        if (item?.d !== undefined) shadow.set(at, { ...item, d: laterHlc(item.d, remote.d) as Hlc });
        else {
          shadow.set(at, { k: item?.k ?? '', f: {}, d: remote.d });
          outbox.delete(at); // Whatever was waiting to go, the deletion wins.
          arrive({ c: remote.c, id: remote.id });
        }
        continue;
      }
      if (item?.d !== undefined) continue; // Deleted here: the deletion, on its way or there, wins.
      const won = Object.entries(remote.f).filter(([name, field]) => {
        const mine = item?.f[name];
        return !mine || field.t > mine[0];
      });
      if (won.length === 0) continue;
      const next: ShadowItem = { k: item?.k ?? '', f: { ...item?.f } };
      for (const [name, field] of won) next.f[name] = [field.t, hashValue(field.v)];
      shadow.set(at, next);
      touched.add(at);
      const mine = item ? (valuesOf(item, at) ?? {}) : {};
      arrive({ c: remote.c, id: remote.id, f: { ...mine, ...Object.fromEntries(won.map(([name, field]) => [name, field.v])) } });
    }
    if (arrivals.size === 0) return;

    const writes = new Map<string, unknown>();
    const read = (key: string) => (writes.has(key) ? writes.get(key) : store.read(key));
    for (const [entry, list] of arrivals) entry.apply(list, { read, write: (key, value) => writes.set(key, value) });
    applying = true;
    try {
      for (const [key, value] of writes) {
        if (value === undefined) store.remove(key);
        else store.write(key, value);
      }
    } catch (error) {
      // Nothing counts as applied: the shadow goes back, and the same pull comes again.
      for (const [live, saved] of [[shadow, before.shadow], [outbox, before.outbox]] as const) {
        live.clear();
        for (const [key, item] of saved) (live as Map<string, unknown>).set(key, item);
      }
      throw error;
    } finally {
      applying = false;
    }
    settle([...writes.keys()], touched);
    for (const key of writes.keys()) store.announce(key);
  }

  /** After an apply: each arrived item learns its stored key, and its fingerprints follow the value as stored (so storing it is not a change). */
  function settle(keys: readonly string[], touched: ReadonlySet<string>) {
    for (const key of keys) {
      const entry = entryForKey(key);
      if (!entry) continue;
      for (const draft of entry.split(key, store.read(key), context).live) {
        const at = itemKey(draft.c, draft.id);
        const item = shadow.get(at);
        if (!item || !touched.has(at)) continue;
        item.k = key;
        for (const [name, value] of Object.entries(draft.f)) {
          const field = item.f[name];
          if (field) field[1] = hashValue(value === undefined ? null : value);
        }
      }
    }
  }

  return {
    state,
    recordKey: (key, localOnly = false) => record(key, localOnly),
    recordAll(localOnly) {
      for (const key of store.keys()) record(key, localOnly);
    },
    applyRemote,
    acknowledge(sent) {
      for (const item of sent) {
        const at = itemKey(item.c, item.id);
        const pending = outbox.get(at);
        if (pending && sameItem(pending, item)) outbox.delete(at);
      }
    },
    persist,
  };
}
