import { InvalidAnswerError, messages, UserFacingError } from '../messages';
import { UnusableAnswerError } from '../../providers/documentedFailures';
import { ProviderError, type TextProvider } from '../../providers/types';
import { INVALID_ANSWER_PROBLEM } from './contractErrors';
import { parseAnswer } from './contractClient';
import { type OwnKeySettings } from './ownKey';
import type { Backend } from './types';

export { ownKeyProviders, ownKeyUsable, type OwnKeyProvider, type OwnKeySettings } from './ownKey';

/*
 * "Bring your own key": the browser calls a provider directly with the
 * user's key (kept only in this browser), through the very provider code the
 * gateway runs. Provider modules load only when this mode is used.
 */

/** How much of the provider's own words the user sees. */
export const OWN_KEY_DETAIL_LENGTH = 200;

/**
 * The gateway keeps upstream text to its logs (it may hold the gateway's
 * internals). Here the provider is the user's own, reached with the user's own
 * key, so its words are the user's business and often say what to fix
 * ("model not found, try pulling it first"): they are added, already redacted,
 * and cut short.
 */
export function ownKeyMessage(error: ProviderError): string {
  const detail = error.upstreamDetail;
  if (!detail) return error.message;
  const short = detail.length <= OWN_KEY_DETAIL_LENGTH ? detail : `${detail.slice(0, OWN_KEY_DETAIL_LENGTH - 1)}…`;
  return `${error.message} The provider said: ${short}`;
}

/** The provider the user's own key reaches, as a request to it is made (and previewed: outgoingRequest.ts). */
export async function providerFor(settings: OwnKeySettings): Promise<TextProvider> {
  const baseUrl = settings.baseUrl.trim() || undefined;
  const model = settings.model.trim() || undefined;
  switch (settings.provider) {
    case 'gemini': {
      const { createGeminiProvider } = await import('../../providers/gemini');
      // A 404 for the model names what the user changes here (G2).
      return createGeminiProvider({ apiKey: settings.apiKey.trim(), model, baseUrl, modelSetting: 'the Model field in Settings' });
    }
    case 'openai': {
      const { createOpenAICompatibleProvider } = await import('../../providers/openaiCompatible');
      // A 404 for the model names what the user changes here.
      return createOpenAICompatibleProvider({
        baseUrl: baseUrl ?? 'https://api.openai.com/v1',
        apiKey: settings.apiKey.trim() || undefined,
        model: model ?? '',
        modelSetting: 'the Model field in Settings',
      });
    }
    case 'ollama': {
      const { createOllamaProvider, OLLAMA_DEFAULT_NUM_CTX } = await import('../../providers/ollama');
      // The same context as the gateway asks for, so a long transcript is read whole here too.
      return createOllamaProvider({ baseUrl, model: model ?? '', numCtx: OLLAMA_DEFAULT_NUM_CTX, modelSetting: 'the Model field in Settings' });
    }
  }
}

/**
 * A backend over a text provider: the prompt and the response schema sent,
 * the answer parsed (JSON when a schema was sent). The browser's own-key
 * mode and the gateway's classes both ask a model through this, so an
 * answer is read the same way wherever the call is made. `messageOf` says
 * what a person is told of a provider's failure.
 */
export function backendOver(providerOf: () => Promise<TextProvider>, kind: Backend['kind'], messageOf: (error: ProviderError) => string): Backend {
  return {
    kind,
    async generate({ prompt, responseSchema, signal, onText }) {
      const model = await providerOf();
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
        // The provider's own JSON check failed the answer (Groq's json_validate_failed): asked for once more, as through a gateway.
        if (error instanceof UnusableAnswerError) throw new InvalidAnswerError(INVALID_ANSWER_PROBLEM);
        if (error instanceof ProviderError) throw new UserFacingError(messageOf(error));
        throw error;
      }
      if (text.trim() === '') throw new UserFacingError(messages.invalidFormat);
      return parseAnswer(text, responseSchema !== undefined);
    },
  };
}

export function createProviderBackend(settings: OwnKeySettings): Backend {
  let provider: Promise<TextProvider> | undefined;
  return backendOver(() => (provider ??= providerFor(settings)), 'provider', ownKeyMessage);
}
