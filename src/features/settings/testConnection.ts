import { messageOf, messages, UserFacingError } from '../../kernel/messages';
import { backendKindFor } from '../../kernel/backend/backendKind';
import { ownKeyProviderName } from '../../kernel/backend/ownKey';
import { resolveBackend } from '../../kernel/backend/resolveBackend';
import type { BackendSettings } from '../../kernel/backend/settings';

/*
 * Settings' "Test connection": one tiny request through the very
 * backend a tool would use with these settings (resolveBackend: the own key's
 * provider, the contract backend, or the offline samples), so what it reports
 * is what a tool would meet, word for word: the same unreachable, status and
 * invalid-format texts. It sends a fixed prompt and nothing else: no tool id,
 * no schema, nothing a student typed.
 */

/** Everything the test sends: fixed words, never a student's. */
export const CONNECTION_TEST_PROMPT = 'This is a connection test from StudyForge. Reply with the single word OK.';

/**
 * Shorter than a tool's limit (REQUEST_TIMEOUT_MS): the answer is one word,
 * but a local model may still be loading when asked first, so not a few seconds.
 */
export const CONNECTION_TEST_TIMEOUT_MS = 30_000;

export type ConnectionSettings = Pick<BackendSettings, 'backendUrl' | 'publicKey' | 'ownKey'>;

export interface ConnectionTestResult {
  ok: boolean;
  /** What to tell the user: "Connected: ..." naming the backend, or the error a tool would show. */
  message: string;
}

/** What a successful test says, naming the kind of backend that answered. */
export function connectedMessage(settings: ConnectionSettings): string {
  switch (backendKindFor(settings)) {
    case 'sample':
      return 'Connected: the offline sample backend. It answers every tool with a built-in example, not an AI model, and nothing leaves this browser.';
    case 'contract':
      return `Connected: the backend at ${settings.backendUrl} answered.`;
    case 'provider': {
      const ownKey = settings.ownKey!;
      const model = ownKey.model.trim();
      return `Connected: ${ownKeyProviderName(ownKey.provider)} answered${model ? ` with the model ${model}` : ''}, using your own key.`;
    }
  }
}

export interface ConnectionTestOptions {
  /** The user's Cancel (or leaving Settings): the test stops and says "Cancelled.". */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Sends the fixed test prompt with these settings; never rejects: a failure is a result with the error's text. */
export async function testConnection(settings: ConnectionSettings, { signal, timeoutMs = CONNECTION_TEST_TIMEOUT_MS }: ConnectionTestOptions = {}): Promise<ConnectionTestResult> {
  const controller = new AbortController();
  // Each way the test can be stopped carries the text to show for it.
  const cancel = () => controller.abort(new UserFacingError(messages.cancelled));
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  const timer = setTimeout(() => controller.abort(new UserFacingError(messages.connectionTestTimedOut(Math.round(timeoutMs / 1000)))), timeoutMs);
  try {
    if (controller.signal.aborted) throw controller.signal.reason;
    await resolveBackend(settings).generate({ prompt: CONNECTION_TEST_PROMPT, signal: controller.signal });
    return { ok: true, message: connectedMessage(settings) };
  } catch (error) {
    return { ok: false, message: messageOf(controller.signal.aborted ? controller.signal.reason : error) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}
