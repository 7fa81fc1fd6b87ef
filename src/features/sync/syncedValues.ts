import { STORAGE_PREFIX, storageKeys } from '../../kernel/stored/storage';
import { isRecord, type SyncedEntry } from './syncedEntry';

/*
 * The smaller things that follow a person from device to device: pinned
 * tools, recent tools, plain choices, and each tool page's inputs and
 * results with their versions.
 */

export const favouritesEntry: SyncedEntry = {
  what: 'Pinned tools: one `favourite` item per tool with field `on`, so unpinning and pinning again both sync.',
  collections: ['favourite'],
  matches: (key) => key === storageKeys.favourites,
  split(_key, value, { known }) {
    const pinned = Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
    const unpinned = known('favourite').filter((id) => !pinned.includes(id));
    return {
      live: [...pinned.map((id) => ({ c: 'favourite', id, f: { on: true } })), ...unpinned.map((id) => ({ c: 'favourite', id, f: { on: false } }))],
      deleted: [],
    };
  },
  apply(arrivals, context) {
    const current = context.read(storageKeys.favourites);
    let pinned = Array.isArray(current) ? current.filter((id): id is string => typeof id === 'string') : [];
    for (const arrival of arrivals) {
      const on = arrival.f?.on === true;
      if (on && !pinned.includes(arrival.id)) pinned = [...pinned, arrival.id];
      if (!on) pinned = pinned.filter((id) => id !== arrival.id);
    }
    context.write(storageKeys.favourites, pinned);
  },
};

/**
 * Choices kept whole, each a `setting` item named by its key (field `value`).
 * Not here, on purpose: the connection settings (storageKeys.settings: the
 * provider key of "bring your own key", the gateway's public key and
 * addresses that may only work on this device), the active project (each
 * device works in its own), the per-screen view state, the sync's own state.
 */
export const WHOLE_VALUE_KEYS: readonly string[] = [
  storageKeys.theme,
  storageKeys.dashboardFilter,
  storageKeys.dashboardCategory,
  storageKeys.recentTools,
  `${STORAGE_PREFIX}recent-tool-ids`,
  storageKeys.privacy,
  `${STORAGE_PREFIX}output-language`,
  storageKeys.sampleNoticeHidden,
];

export const wholeValuesEntry: SyncedEntry = {
  what: 'Theme, dashboard filters, recent tools, the names-privacy choices, the answer language: one `setting` item each, field `value`.',
  collections: ['setting'],
  matches: (key) => WHOLE_VALUE_KEYS.includes(key),
  split: (key, value) => ({ live: value === undefined ? [] : [{ c: 'setting', id: key.slice(STORAGE_PREFIX.length), f: { value } }], deleted: [] }),
  apply(arrivals, context) {
    for (const arrival of arrivals) {
      const key = `${STORAGE_PREFIX}${arrival.id}`;
      // Only the keys above are ever written from the account: a stored item naming any other key is ignored.
      if (WHOLE_VALUE_KEYS.includes(key) && arrival.f && arrival.f.value !== null && arrival.f.value !== undefined) context.write(key, arrival.f.value);
    }
  },
};

const toolSessionPrefix = storageKeys.toolSession('');

/**
 * A tool page's inputs, results with their versions and reading level: a
 * `tool-session` item per tool, a field per part, so a change of the inputs
 * sends only the inputs. A session too big for one item (over 1 MB) stays on
 * this device and the status says so.
 */
export const toolSessionsEntry: SyncedEntry = {
  what: "Each tool page's inputs and results with their versions: one `tool-session` item per tool.",
  collections: ['tool-session'],
  matches: (key) => key.startsWith(toolSessionPrefix) && key.length > toolSessionPrefix.length,
  split: (key, value) => ({ live: isRecord(value) ? [{ c: 'tool-session', id: key.slice(toolSessionPrefix.length), f: value }] : [], deleted: [] }),
  apply(arrivals, context) {
    for (const arrival of arrivals) {
      if (!arrival.f) continue;
      const fields = Object.fromEntries(Object.entries(arrival.f).filter(([, value]) => value !== null));
      context.write(storageKeys.toolSession(arrival.id), fields);
    }
  },
};
