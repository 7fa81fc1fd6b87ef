import type { ContractSchema } from '../../../src/providers/schema';
import type { TextProvider } from '../../../src/providers/types';

/*
 * A text provider for class tests that keeps every prompt it is sent and
 * answers with whatever the test says: a fixed answer, one made from the
 * prompt, or the prompt itself (a model talked into echoing everything it
 * was told, the worst a prompt injection can do).
 */

export interface RecordingProvider extends TextProvider {
  prompts: string[];
  /** What the next calls answer; a thrown error is a failing model. */
  answer: (prompt: string, schema: ContractSchema | undefined) => string;
}

export const echo = (prompt: string) => prompt;

export function recordingProvider(answer: RecordingProvider['answer'] = echo): RecordingProvider {
  const provider: RecordingProvider = {
    name: 'openai',
    model: 'recording-test-model',
    prompts: [],
    answer,
    async generate({ prompt, schema }) {
      provider.prompts.push(prompt);
      return provider.answer(prompt, schema);
    },
    async *stream(request) {
      yield await provider.generate(request);
    },
    streamRequest: ({ prompt }) => ({ url: 'http://model.test/', body: { prompt } }),
  };
  return provider;
}
