import { sampleFromSchema } from './sampleFromSchema';
import type { Backend } from './types';

/*
 * Answers without any model: each tool with its registry example, anything
 * else with a value built from the schema. A short pause keeps the loading
 * state visible, as it would be with a real model.
 */

const SAMPLE_TEXT =
  'This is a sample answer from StudyForge\u2019s offline sample backend. Connect a model in Settings for real answers.';

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

export function createSampleBackend(delayMs = 350): Backend {
  return {
    kind: 'sample',
    async generate({ responseSchema, sample, signal }) {
      await pause(delayMs, signal);
      if (sample !== undefined) return structuredClone(sample);
      return responseSchema ? sampleFromSchema(responseSchema) : SAMPLE_TEXT;
    },
  };
}
