import { readers } from '../stored/readers';
import type { StoredValue } from '../stored/schemas';
import type { OwnKeySettings } from './ownKey';

/*
 * Where the app sends its calls. Defaults come from the build's environment
 * (VITE_STUDYFORGE_BACKEND_URL, VITE_STUDYFORGE_PUBLIC_KEY,
 * VITE_STUDYFORGE_TRANSCRIBE_URL); the Settings screen stores overrides
 * locally. A blank URL means the offline sample backend for that call.
 * Both the stored settings and the gateway's are checked by readers compiled
 * from stored/schemas.ts: this is in every first load, which carries no zod.
 */

export type StoredSettings = StoredValue<'settings'>;

export interface BackendSettings {
  backendUrl: string;
  publicKey: string;
  /** Host of the speech-to-text service (spec 7.2). */
  transcribeUrl: string;
  /**
   * The audio types the transcription service takes, when our gateway said so
   * (Gemini, whisper.cpp): other recordings are converted to WAV before upload.
   * Only for the gateway's own transcription URL; undefined: send audio as recorded.
   */
  transcribeAccepts?: readonly string[];
  /**
   * The key for the transcription call, when it goes to the gateway that
   * served the app (which guards both contracts with its public key); spec
   * 7.2 sends none elsewhere.
   */
  transcribeKey?: string;
  /** Calls a provider straight from the browser with the user's own key. */
  ownKey?: OwnKeySettings;
}

/** '.' is "the folder this page came from": the gateway that served the app. */
function resolveServed(url: string): string {
  if (url !== '.') return url;
  return new URL('.', globalThis.location.href).href.replace(/\/+$/, '');
}

/** What our gateway wrote into index.html when it served the app (server/appConfig.ts), once checked. */
function injectedConfig(): StoredValue<'injectedSettings'> | null {
  // Only the gateway's own data element in <head>: an element in the page body with that id could come from an answer.
  const element = globalThis.document?.head?.querySelector('script#studyforge-config[type="application/json"]');
  if (!element?.textContent) return null;
  try {
    const outcome = readers.injectedSettings(JSON.parse(element.textContent));
    if (!outcome.ok) throw new Error(outcome.problem);
    return outcome.value;
  } catch (error) {
    console.warn('[settings] ignoring an unreadable studyforge-config element', error);
    return null;
  }
}

export type AccountsConfig = NonNullable<StoredValue<'injectedSettings'>['accounts']>;

/** The identity providers to offer, when the gateway that served the app has sign-in on; undefined when it is off. */
export function accountsConfig(): AccountsConfig | undefined {
  return injectedConfig()?.accounts;
}

/**
 * Settings our gateway wrote into index.html when it served the app; they
 * take the place of the build's environment.
 */
function injectedDefaults(): BackendSettings | null {
  const config = injectedConfig();
  if (!config) return null;
  // The sign-in providers are not a backend setting (accountsConfig reads them).
  const { transcribeAccepts, backendUrl, publicKey, transcribeUrl } = config;
  return {
    backendUrl: resolveServed(backendUrl),
    publicKey,
    transcribeUrl: resolveServed(transcribeUrl),
    ...(transcribeAccepts ? { transcribeAccepts: transcribeAccepts.map((type) => type.trim().toLowerCase()) } : {}),
    ...(transcribeUrl !== '' && publicKey !== '' ? { transcribeKey: publicKey } : {}),
  };
}

export function environmentDefaults(): BackendSettings {
  const injected = injectedDefaults();
  if (injected) return injected;
  const env = import.meta.env as Record<string, string | undefined>;
  return {
    backendUrl: (env.VITE_STUDYFORGE_BACKEND_URL ?? '').trim(),
    publicKey: (env.VITE_STUDYFORGE_PUBLIC_KEY ?? '').trim(),
    transcribeUrl: (env.VITE_STUDYFORGE_TRANSCRIBE_URL ?? '').trim(),
  };
}

const trimUrl = (url: string) => url.trim().replace(/\/+$/, '');

export function effectiveSettings(stored: StoredSettings, defaults = environmentDefaults()): BackendSettings {
  const transcribeUrl = trimUrl(stored.transcribeUrl ?? defaults.transcribeUrl);
  // What the gateway said its transcriber takes holds for that gateway only, not for a URL the user typed
  // (Settings stores every field on save, so the URL is compared, not whether one is stored).
  const gatewayTranscriber = transcribeUrl !== '' && transcribeUrl === trimUrl(defaults.transcribeUrl);
  return {
    backendUrl: trimUrl(stored.backendUrl ?? defaults.backendUrl),
    publicKey: (stored.publicKey ?? defaults.publicKey).trim(),
    transcribeUrl,
    ...(gatewayTranscriber && defaults.transcribeAccepts ? { transcribeAccepts: defaults.transcribeAccepts } : {}),
    ...(gatewayTranscriber && defaults.transcribeKey ? { transcribeKey: defaults.transcribeKey } : {}),
    ...(stored.ownKey ? { ownKey: stored.ownKey } : {}),
  };
}
