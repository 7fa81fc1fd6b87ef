import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { ContractRendererProps } from '../../renderers/shared/defineRenderer';
import type { flashcardsContract } from '../../renderers/flashcards/contract';
import type { quizContract } from '../../renderers/quiz/contract';
import type { QuizItem } from '../../renderers/quiz/items';
import { defineTool, type FollowUpCall } from '../../src/kernel/defineTool';

/*
 * Type tests: every mistake the type checker promises to catch in a registry
 * file. Each `@ts-expect-error` line fails `npm run typecheck` the day the
 * mistake stops being an error (an unused directive is itself an error), and
 * the last block shows correct files still compile. Vitest runs the file too,
 * so the checks sit beside the suite, but what they assert is the compiler's.
 */

const fields = [{ name: 'topic', kind: 'text', label: 'Topic', required: true }] as const;
const meta = { title: 'T', description: 'D', icon: 'quiz', category: 'Quizzes and practice' } as const;
const cards = z.array(z.object({ question: z.string(), answer: z.string() }));
const quizItems = z.array(z.object({ question: z.string(), options: z.array(z.string()), answer: z.string() }));
const remediation = z.object({
  diagnosis: z.string(),
  microLesson: z.string(),
  followUpQuestion: z.object({ question: z.string(), options: z.array(z.string()), answer: z.string() }),
});
const remediationExample = { diagnosis: 'd', microLesson: 'm', followUpQuestion: { question: 'q', options: ['a'], answer: 'a' } };
const remediationCall = {
  prompt: 'Explain {{question}}: they said {{studentAnswer}}, not {{correctAnswer}}.',
  result: remediation,
  example: remediationExample,
} satisfies FollowUpCall<typeof remediation>;

describe('a registry file the type checker refuses', () => {
  it('gives refine a reading-level scale that does not exist, or a refinement without its instruction', () => {
    const markdownTool = { ...meta, id: 'refined', fields, prompt: 'Notes on {{topic}}', result: 'markdown', example: { input: { topic: 't' }, output: 'x' } } as const;
    // @ts-expect-error 'lexile' is not a reading-level scale: 'grade', 'cefr' or false
    defineTool({ ...markdownTool, refine: { readingLevel: 'lexile' } });
    // @ts-expect-error a refinement needs the instruction the model is given
    defineTool({ ...markdownTool, refine: { refinements: [{ label: 'Warmer' }] } });
    defineTool({ ...markdownTool, refine: { readingLevel: 'cefr', refinements: [{ label: 'Warmer', instruction: 'Make it warmer.' }] } });
    defineTool({ ...markdownTool, refine: false });
  });

  it('names a renderer its result does not fit', () => {
    defineTool({
      ...meta,
      id: 'wrong-deck',
      fields,
      prompt: 'Cards on {{topic}}',
      // @ts-expect-error Error: the 'flashcards' renderer reads a list of cards, each { question: string, answer: string }; this tool's result does not fit
      renderer: 'flashcards',
      result: z.array(z.object({ front: z.string(), back: z.string() })),
      example: { input: { topic: 'x' }, output: [{ front: 'a', back: 'b' }] },
    });
  });

  it('wraps a quiz in an object', () => {
    defineTool({
      ...meta,
      id: 'wrapped-quiz',
      fields,
      prompt: 'Quiz on {{topic}}',
      // @ts-expect-error Error: the 'quiz' renderer reads a list of questions ...
      renderer: 'quiz',
      result: z.object({ questions: quizItems }),
      followUps: { remediation: remediationCall },
      example: { input: { topic: 'x' }, output: { questions: [] } },
    });
  });

  it('names the quiz renderer without the remediation call it makes', () => {
    // @ts-expect-error Property 'followUps' is missing: the quiz renderer calls followUps.remediation
    defineTool({
      ...meta,
      id: 'no-remediation',
      fields,
      prompt: 'Quiz on {{topic}}',
      renderer: 'quiz',
      result: quizItems,
      example: { input: { topic: 'x' }, output: [] },
    });
  });

  it("gives a follow-up prompt a placeholder the renderer does not pass", () => {
    defineTool({
      ...meta,
      id: 'bad-follow-up',
      fields,
      prompt: 'Quiz on {{topic}}',
      renderer: 'quiz',
      result: quizItems,
      followUps: {
        // @ts-expect-error Error: followUps.remediation's prompt uses {{topic}}, which the 'quiz' renderer does not pass
        remediation: { prompt: 'Explain {{topic}} again', result: remediation, example: remediationExample },
      },
      example: { input: { topic: 'x' }, output: [] },
    });
  });

  it('gives a follow-up a result the renderer cannot read', () => {
    defineTool({
      ...meta,
      id: 'bad-follow-up-result',
      fields,
      prompt: 'Quiz on {{topic}}',
      renderer: 'quiz',
      result: quizItems,
      followUps: {
        // @ts-expect-error Error: the 'quiz' renderer reads the answer of followUps.remediation differently
        remediation: { prompt: 'Explain {{question}}', result: z.object({ lesson: z.string() }), example: { lesson: 'l' } },
      },
      example: { input: { topic: 'x' }, output: [] },
    });
  });

  it('misspells a renderer option, or gives it a value the renderer does not know', () => {
    defineTool({
      ...meta,
      id: 'typo-option',
      fields,
      prompt: 'Quiz on {{topic}}',
      renderer: 'quiz',
      // @ts-expect-error Object literal may only specify known properties: 'compareAnswer'
      rendererOptions: { compareAnswer: 'exact' },
      result: quizItems,
      followUps: { remediation: remediationCall },
      example: { input: { topic: 'x' }, output: [] },
    });
    defineTool({
      ...meta,
      id: 'wrong-option-value',
      fields,
      prompt: 'Quiz on {{topic}}',
      renderer: 'quiz',
      // @ts-expect-error Type '"CaseInsensitive"' is not assignable to '"exact" | "caseInsensitive"'
      rendererOptions: { compareAnswers: 'CaseInsensitive' },
      result: quizItems,
      followUps: { remediation: remediationCall },
      example: { input: { topic: 'x' }, output: [] },
    });
  });

  it('gives options to a renderer that takes none, or without a renderer', () => {
    defineTool({
      ...meta,
      id: 'options-for-none',
      fields,
      prompt: 'Cards on {{topic}}',
      renderer: 'flashcards',
      // @ts-expect-error the flashcards renderer takes no options
      rendererOptions: { shuffle: true },
      result: cards,
      example: { input: { topic: 'x' }, output: [] },
    });
    defineTool({
      ...meta,
      id: 'options-without-renderer',
      fields,
      prompt: 'Cards on {{topic}}',
      // @ts-expect-error rendererOptions need a renderer
      rendererOptions: { compareAnswers: 'exact' },
      result: cards,
      example: { input: { topic: 'x' }, output: [] },
    });
  });

  it('names a renderer that does not exist', () => {
    defineTool({
      ...meta,
      id: 'unknown-renderer',
      fields,
      prompt: 'Cards on {{topic}}',
      // @ts-expect-error Type '"cards"' is not assignable to the renderer keys
      renderer: 'cards',
      result: cards,
      example: { input: { topic: 'x' }, output: [] },
    });
  });

  it('asks markdown of a structured renderer, or structure of the markdown one', () => {
    defineTool({
      ...meta,
      id: 'markdown-as-tabs',
      fields,
      prompt: 'Explain {{topic}}',
      // @ts-expect-error Error: the 'tabs' renderer reads an object with two or more text fields
      renderer: 'tabs',
      result: 'markdown',
      example: { input: { topic: 'x' }, output: 'text' },
    });
    defineTool({
      ...meta,
      id: 'json-as-markdown',
      fields,
      prompt: 'Explain {{topic}}',
      // @ts-expect-error Error: the 'markdown' renderer reads markdown text
      renderer: 'markdown',
      result: cards,
      example: { input: { topic: 'x' }, output: [] },
    });
  });

  it('uses a prompt placeholder that names no field', () => {
    defineTool({
      ...meta,
      id: 'bad-placeholder',
      fields,
      // @ts-expect-error Error: {{subject}} names no field of this tool
      prompt: 'Cards on {{subject}}',
      result: cards,
      example: { input: { topic: 'x' }, output: [] },
    });
  });

  it('gives an example that does not fit the inputs or the result', () => {
    defineTool({
      ...meta,
      id: 'bad-example',
      fields,
      prompt: 'Cards on {{topic}}',
      result: cards,
      // @ts-expect-error the example output lacks `answer`
      example: { input: { topic: 'x' }, output: [{ question: 'q' }] },
    });
    defineTool({
      ...meta,
      id: 'bad-example-input',
      fields,
      prompt: 'Cards on {{topic}}',
      result: cards,
      // @ts-expect-error the example input lacks the field `topic`
      example: { input: {}, output: [] },
    });
  });
});

describe('a correct registry file compiles, and its renderer reads typed data', () => {
  it('accepts a quiz with its remediation call and options', () => {
    const tool = defineTool({
      ...meta,
      id: 'good-quiz',
      fields,
      prompt: 'Quiz on {{topic}}',
      renderer: 'quiz',
      rendererOptions: { compareAnswers: 'caseInsensitive' },
      result: quizItems,
      followUps: { remediation: remediationCall },
      example: { input: { topic: 'x' }, output: [{ question: 'q', options: ['a', 'b'], answer: 'a' }] },
    });
    expectTypeOf(tool.id).toBeString();
  });

  it('hands renderers their contract data, typed', () => {
    expectTypeOf<ContractRendererProps<typeof quizContract>['data']>().toEqualTypeOf<QuizItem[]>();
    expectTypeOf<ContractRendererProps<typeof quizContract>['options']>().toEqualTypeOf<{ compareAnswers: 'exact' | 'caseInsensitive' }>();
    expectTypeOf<ContractRendererProps<typeof flashcardsContract>['data']>().toEqualTypeOf<{ question: string; answer: string }[]>();
    expectTypeOf<ContractRendererProps<typeof quizContract>['runFollowUp']>().parameter(0).toEqualTypeOf<'remediation'>();
  });
});
