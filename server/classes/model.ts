import { backendOver } from '../../src/kernel/backend/providerBackend';
import { createSampleBackend } from '../../src/kernel/backend/sampleBackend';
import type { Backend } from '../../src/kernel/backend/types';
import type { TextProvider } from '../../src/providers/types';
import type { ClassModel } from './deps';

/*
 * The model a class uses, on the server: the gateway's own text provider,
 * asked exactly as the browser's own-key mode asks one (backendOver: the
 * prompt and response schema sent, JSON parsed when a schema was sent), or
 * with none the kernel's offline sample backend, which answers each tool
 * with its registry example (so a QuizWhiz assignment works offline).
 */

/** How long one model call may take before the class's request gives up on it. */
export const CLASS_MODEL_TIME_LIMIT_MS = 90_000;

/** A backend whose every call ends by the time limit, whatever the caller's own signal does. */
function timeLimited(backend: Backend, limitMs: number): Backend {
  return {
    kind: backend.kind,
    generate: (request) => {
      const limit = AbortSignal.timeout(limitMs);
      return backend.generate({ ...request, signal: request.signal ? AbortSignal.any([request.signal, limit]) : limit });
    },
  };
}

export function classModelFor(text: TextProvider | null, { timeLimitMs = CLASS_MODEL_TIME_LIMIT_MS }: { timeLimitMs?: number } = {}): ClassModel {
  if (!text) return { backend: createSampleBackend(0), sample: true };
  // A provider's message is already fit for people (its upstream words stay in upstreamDetail, for logs only).
  const backend = backendOver(() => Promise.resolve(text), 'provider', (error) => error.message);
  return { backend: timeLimited(backend, timeLimitMs), sample: false };
}
