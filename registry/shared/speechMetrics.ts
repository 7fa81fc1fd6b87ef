/*
 * Rehearsal metrics, computed in the browser (spec 4, 9): words, pace and
 * filler words. Only these numbers and the transcript go to the model, which
 * writes the qualitative feedback.
 */

/** Spec 9, in this order; "you know" is counted as one phrase. */
export const FILLER_WORDS = ['like', 'um', 'uh', 'er', 'ah', 'so', 'you know', 'basically', 'actually', 'literally'] as const;

export interface FillerCount {
  word: string;
  count: number;
}

export interface SpeechMetrics {
  transcript: string;
  wordCount: number;
  durationSeconds: number;
  wordsPerMinute: number;
  fillerWords: FillerCount[];
}

/** Lower-case words, punctuation removed; "don't" stays one word. */
export function wordsOf(transcript: string): string[] {
  return transcript
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’]+/u)
    .map((w) => w.replace(/^['’]+|['’]+$/g, ''))
    .filter((w) => w !== '');
}

/** Spec 9: words divided by seconds, times 60, rounded; no time, no pace. */
export function wordsPerMinute(words: number, seconds: number): number {
  return seconds > 0 ? Math.round((words / seconds) * 60) : 0;
}

export function countFillers(transcript: string): FillerCount[] {
  const words = wordsOf(transcript);
  const counts = new Map<string, number>();
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    if (word === 'you' && words[i + 1] === 'know') {
      counts.set('you know', (counts.get('you know') ?? 0) + 1);
      i += 1;
    } else if ((FILLER_WORDS as readonly string[]).includes(word)) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return FILLER_WORDS.filter((w) => counts.has(w)).map((word) => ({ word, count: counts.get(word) ?? 0 }));
}

export function speechMetrics(transcript: string, durationSeconds: number): SpeechMetrics {
  const wordCount = wordsOf(transcript).length;
  return {
    transcript,
    wordCount,
    durationSeconds,
    wordsPerMinute: wordsPerMinute(wordCount, durationSeconds),
    fillerWords: countFillers(transcript),
  };
}
