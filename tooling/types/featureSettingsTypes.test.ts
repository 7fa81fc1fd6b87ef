import { describe, expectTypeOf, it } from 'vitest';
import { defineTool } from '../../src/kernel/defineTool';
import type { ResultRendererProps } from '../../src/kernel/rendererProps';
import type { FinishedQuiz } from '../../src/features/study/attempt';

/*
 * Type tests for what features add to the kernel's types by declaration
 * merging (ToolExtensions, RendererServices): a registry file's export
 * settings are checked against export's formats, and a renderer is handed
 * study's recordAttempt, typed, although the kernel names neither feature.
 * Checked by `npm run typecheck`: each `@ts-expect-error` must stay an error,
 * and the correct declarations must compile.
 */

const tool = {
  id: 'exported',
  title: 'T',
  description: 'D',
  icon: 'quiz',
  category: 'Study planning',
  fields: [{ name: 'topic', kind: 'text', label: 'Topic', required: true }],
  prompt: 'A plan for {{topic}}',
  result: 'markdown',
  example: { input: { topic: 't' }, output: 'x' },
} as const;

describe("a registry file's export settings", () => {
  it('may turn on an optional format and take away any format', () => {
    defineTool({ ...tool, exports: { add: ['ics'], remove: ['csv', 'docx'] } });
  });

  it('may not turn on a format that is on by default, or name one that does not exist', () => {
    // @ts-expect-error 'csv' is not an optional format: only those off by default can be added
    defineTool({ ...tool, exports: { add: ['csv'] } });
    // @ts-expect-error 'pdf' is no export format (PDF comes from the print dialog)
    defineTool({ ...tool, exports: { remove: ['pdf'] } });
  });
});

describe('what a renderer is handed besides the result', () => {
  it("includes study's recordAttempt, taking a finished quiz", () => {
    expectTypeOf<ResultRendererProps['recordAttempt']>().toEqualTypeOf<((finished: FinishedQuiz) => void) | undefined>();
  });
});
