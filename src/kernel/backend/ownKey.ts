/*
 * "Bring your own key" settings, apart from the code that calls providers,
 * so the settings store (in every first load) does not pull that code in.
 */

export const ownKeyProviders = ['gemini', 'openai', 'ollama'] as const;
export type OwnKeyProvider = (typeof ownKeyProviders)[number];

/** Each provider as Settings lists it; the part before " (" is its name in sentences ("Connected: Google Gemini..."). */
export const ownKeyProviderLabels: Record<OwnKeyProvider, string> = {
  gemini: 'Google Gemini',
  openai: 'OpenAI-compatible (OpenAI, OpenRouter, Groq, LM Studio...)',
  ollama: 'Ollama on this computer',
};

export function ownKeyProviderName(provider: OwnKeyProvider): string {
  return ownKeyProviderLabels[provider].split(' (')[0] ?? ownKeyProviderLabels[provider];
}

export interface OwnKeySettings {
  provider: OwnKeyProvider;
  apiKey: string;
  model: string;
  /** Blank for the provider's usual address. */
  baseUrl: string;
}

/** Enough to call: a key (Ollama needs none) and, for OpenAI-compatible servers, a model. */
export function ownKeyUsable(settings: OwnKeySettings | undefined): boolean {
  if (!settings) return false;
  if (settings.provider === 'ollama') return settings.model.trim() !== '';
  if (settings.provider === 'openai') return settings.apiKey.trim() !== '' && settings.model.trim() !== '';
  return settings.apiKey.trim() !== '';
}
