import { z } from 'zod';
import type { ToolDeclaration } from '../../src/engine/defineTool';

/*
 * How a quiz decides whether an answer is right (spec 5): exactly in
 * QuizWhiz, where every answer is one of the options, and case-insensitively
 * in the interactive builder, whose fill-in-the-blank answers are typed.
 */

export const compareModes = ['exact', 'caseInsensitive'] as const;
export type CompareMode = (typeof compareModes)[number];

const quizOptionsSchema = z.object({
  compareAnswers: z.enum(compareModes).default('exact'),
});

/**
 * The compare mode a tool asks for. rendererOptions is free-form in the
 * registry, so a misspelt mode is reported and the strict default used rather
 * than silently accepting near-misses as right.
 */
export function compareModeOf(tool: Pick<ToolDeclaration, 'id' | 'rendererOptions'>): CompareMode {
  const parsed = quizOptionsSchema.safeParse(tool.rendererOptions ?? {});
  if (parsed.success) return parsed.data.compareAnswers;
  console.warn(`[quiz ${tool.id}] ignoring rendererOptions.compareAnswers: expected one of ${compareModes.join(', ')}`, parsed.error.issues);
  return 'exact';
}

/* NFC so that an accented letter typed as one code point or as letter plus accent still matches. */
const loose = (text: string) => text.normalize('NFC').trim().toLowerCase();

export function answersMatch(given: string, expected: string, mode: CompareMode): boolean {
  return mode === 'exact' ? given === expected : loose(given) === loose(expected);
}
