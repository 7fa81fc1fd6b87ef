import { messages, UserFacingError } from '../messages';
import { ProviderError, type TextProvider } from '../providers/types';
import { parseAnswer } from './contractClient';
import type { Backend } from './types';

/*
 * "Bring your own key": the browser calls a provider directly with the
 * user's key (kept only in this browser), through the very provider code the
 * gateway runs. Provider modules load only when this mode is used.
 */

export const ownKeyProviders = ['gemini', 'openai', 'ollama'] as const;
export type OwnKeyProvider = (typeof ownKeyProviders)[number];

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

async function providerFor(settings: OwnKeySettings): Promise<TextProvider> {
  const baseUrl = settings.baseUrl.trim() || undefined;
  const model = settings.model.trim() || undefined;
  switch (settings.provider) {
    case 'gemini': {
      const { createGeminiProvider } = await import('../providers/gemini');
      return createGeminiProvider({ apiKey: settings.apiKey.trim(), model, baseUrl });
    }
    case 'openai': {
      const { createOpenAICompatibleProvider } = await import('../providers/openaiCompatible');
      return createOpenAICompatibleProvider({ baseUrl: baseUrl ?? 'https://api.openai.com/v1', apiKey: settings.apiKey.trim() || undefined, model: model ?? '' });
    }
    case 'ollama': {
      const { createOllamaProvider } = await import('../providers/ollama');
      return createOllamaProvider({ baseUrl, model: model ?? '' });
    }
  }
}

export function createProviderBackend(settings: OwnKeySettings): Backend {
  let provider: Promise<TextProvider> | undefined;
  return {
    kind: 'provider',
    async generate({ prompt, responseSchema, signal, onText }) {
      provider ??= providerFor(settings);
      const model = await provider;
      let text = '';
      try {
        if (onText) {
          for await (const delta of model.stream({ prompt, schema: responseSchema, signal })) {
            text += delta;
            onText(text);
          }
        } else {
          text = await model.generate({ prompt, schema: responseSchema, signal });
        }
      } catch (error) {
        if (error instanceof ProviderError) throw new UserFacingError(error.message);
        throw error;
      }
      if (text.trim() === '') throw new UserFacingError(messages.invalidFormat);
      return parseAnswer(text, responseSchema !== undefined);
    },
  };
}
