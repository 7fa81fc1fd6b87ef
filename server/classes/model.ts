import { createSampleBackend } from '../../src/kernel/backend/sampleBackend';
import type { Backend } from '../../src/kernel/backend/types';
import type { TextProvider } from '../../src/providers/types';
import type { ClassModel } from './deps';

/*
 * The model a class uses, on the server: the gateway's own text provider,
 * or with none the kernel's offline sample backend, which answers each tool
 * with its registry example (so a QuizWhiz assignment works offline).
 * The engineer who owns assignments completes the provider side.
 */
export function classModelFor(text: TextProvider | null): ClassModel {
  if (!text) return { backend: createSampleBackend(0), sample: true };
  const backend: Backend = {
    kind: 'contract',
    async generate() {
      throw new Error('The class model over a provider is not built yet.');
    },
  };
  return { backend, sample: false };
}
