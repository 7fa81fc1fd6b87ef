import { z } from 'zod';
import { create } from 'zustand';
import { readStored, storageKeys, writeStored } from '../storage';

/*
 * Where the app sends its calls. Defaults come from the build's environment
 * (VITE_STUDYFORGE_BACKEND_URL, VITE_STUDYFORGE_PUBLIC_KEY,
 * VITE_STUDYFORGE_TRANSCRIBE_URL); the Settings screen stores overrides
 * locally. A blank URL means the offline sample backend for that call.
 */

const settingsSchema = z.object({
  backendUrl: z.string().optional(),
  publicKey: z.string().optional(),
  transcribeUrl: z.string().optional(),
});

export type StoredSettings = z.infer<typeof settingsSchema>;

export interface BackendSettings {
  backendUrl: string;
  publicKey: string;
  /** Host of the speech-to-text service (spec 7.2). */
  transcribeUrl: string;
}

export function environmentDefaults(): BackendSettings {
  const env = import.meta.env as Record<string, string | undefined>;
  return {
    backendUrl: (env.VITE_STUDYFORGE_BACKEND_URL ?? '').trim(),
    publicKey: (env.VITE_STUDYFORGE_PUBLIC_KEY ?? '').trim(),
    transcribeUrl: (env.VITE_STUDYFORGE_TRANSCRIBE_URL ?? '').trim(),
  };
}

export function effectiveSettings(stored: StoredSettings, defaults = environmentDefaults()): BackendSettings {
  return {
    backendUrl: (stored.backendUrl ?? defaults.backendUrl).trim().replace(/\/+$/, ''),
    publicKey: (stored.publicKey ?? defaults.publicKey).trim(),
    transcribeUrl: (stored.transcribeUrl ?? defaults.transcribeUrl).trim().replace(/\/+$/, ''),
  };
}

interface SettingsState {
  stored: StoredSettings;
  save(settings: BackendSettings): void;
  reset(): void;
}

export const useSettings = create<SettingsState>()((set) => ({
  stored: readStored(storageKeys.settings, settingsSchema, {}),
  save(settings) {
    const stored = {
      backendUrl: settings.backendUrl.trim(),
      publicKey: settings.publicKey.trim(),
      transcribeUrl: settings.transcribeUrl.trim(),
    };
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
