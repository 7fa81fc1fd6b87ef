import type { ContractSchema } from '../contractSchema';
import { backendKindFor } from './backendKind';
import { geminiUrl, requestBody } from './contractClient';
import type { BackendSettings } from './settings';
import type { Backend } from './types';

/*
 * "What will be sent": the request a tool's Generate would make,
 * built by the same code that makes it (the contract client's body, each
 * provider's own request), so what the user reads is what leaves. The
 * headers are not shown: they hold the key.
 */

export interface OutgoingRequestPreview {
  kind: Backend['kind'];
  /** The address the request goes to; none for the offline samples. */
  url: string | null;
  /** The body as sent, laid out for reading (line breaks and indents added; every value as it is). */
  body: string;
}

export async function outgoingRequest(
  settings: Pick<BackendSettings, 'backendUrl' | 'ownKey'>,
  request: { prompt: string; responseSchema?: ContractSchema },
  tool?: string,
): Promise<OutgoingRequestPreview> {
  const kind = backendKindFor(settings);
  const layout = (body: unknown) => JSON.stringify(body, null, 2);
  if (kind === 'provider' && settings.ownKey) {
    const { providerFor } = await import('./providerBackend');
    const provider = await providerFor(settings.ownKey);
    const { url, body } = provider.streamRequest({ prompt: request.prompt, ...(request.responseSchema ? { schema: request.responseSchema } : {}) });
    return { kind, url, body: layout(body) };
  }
  // The offline samples send nothing; the body shown is the one a gateway would get once one is set.
  return { kind, url: kind === 'contract' ? geminiUrl(settings.backendUrl) : null, body: layout(JSON.parse(requestBody(request, tool))) };
}
