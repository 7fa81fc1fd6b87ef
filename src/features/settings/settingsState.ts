import { create } from 'zustand';
import type { OwnKeySettings } from '../../kernel/backend/ownKey';
import { readers } from '../../kernel/stored/readers';
import { effectiveSettings, type BackendSettings, type StoredSettings } from '../../kernel/backend/settings';
import { readStored, storageKeys, writeStored } from '../../kernel/stored/storage';

/*
 * The Settings screen's overrides, stored locally; what they mean (defaults
 * from the build or the gateway, a blank URL for the offline samples) is
 * decided in kernel/backend/settings.ts.
 */

export { environmentDefaults, effectiveSettings, type BackendSettings, type StoredSettings } from '../../kernel/backend/settings';

interface SettingsState {
  stored: StoredSettings;
  save(settings: BackendSettings): void;
  /** Sets or (undefined) clears the user's own provider key, leaving the rest as it is. */
  setOwnKey(ownKey: OwnKeySettings | undefined): void;
  reset(): void;
}

export const useSettings = create<SettingsState>()((set, get) => ({
  stored: readStored(storageKeys.settings, readers.settings, {}),
  save(settings) {
    const stored: StoredSettings = {
      backendUrl: settings.backendUrl.trim(),
      publicKey: settings.publicKey.trim(),
      transcribeUrl: settings.transcribeUrl.trim(),
      ...(settings.ownKey ? { ownKey: settings.ownKey } : {}),
    };
    writeStored(storageKeys.settings, stored);
    set({ stored });
  },
  setOwnKey(ownKey) {
    const { ownKey: _previous, ...rest } = get().stored;
    const stored: StoredSettings = ownKey ? { ...rest, ownKey } : rest;
    writeStored(storageKeys.settings, stored);
    set({ stored });
  },
  reset() {
    writeStored(storageKeys.settings, {});
    set({ stored: {} });
  },
}));

export function useBackendSettings(): BackendSettings {
  return effectiveSettings(useSettings((s) => s.stored));
}
