import { sampleFromSchema } from './sampleFromSchema';
import type { Backend } from './types';

/*
 * Answers without any model: each tool with its registry example, anything
 * else with a value built from the schema. A short pause keeps the loading
 * state visible, as it would be with a real model, and the answer's text is
 * handed out in a few pieces along the way (onText), as a streaming backend
 * would, so the streaming preview works offline too.
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

/** How many pieces the answer's text arrives in. */
export const SAMPLE_PIECES = 4;

/** The text cut into `count` pieces of about the same length, each ending at a space where there is one. */
export function piecesOf(text: string, count: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 1; i <= count && start < text.length; i++) {
    let end = i === count ? text.length : Math.round((text.length * i) / count);
    const space = text.indexOf(' ', end);
    if (i < count && space !== -1) end = space + 1;
    if (end > start) pieces.push(text.slice(start, end));
    start = Math.max(start, end);
  }
  return pieces;
}

export function createSampleBackend(delayMs = 350): Backend {
  return {
    kind: 'sample',
    async generate({ responseSchema, sample, signal, onText }) {
      const answer: unknown =
        sample !== undefined ? structuredClone(sample) : responseSchema ? sampleFromSchema(responseSchema) : SAMPLE_TEXT;
      const pieces = piecesOf(typeof answer === 'string' ? answer : JSON.stringify(answer), SAMPLE_PIECES);
      // The whole answer still takes delayMs: a first pause, then the pieces spread over the rest.
      const step = delayMs / (pieces.length + 1);
      await pause(step, signal);
      let soFar = '';
      for (const piece of pieces) {
        soFar += piece;
        onText?.(soFar);
        await pause(step, signal);
      }
      return answer;
    },
  };
}
