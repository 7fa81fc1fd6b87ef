import { z } from 'zod';
import { rendererContract } from '../../src/kernel/rendererContract';

/** Markdown text, shown as sanitised HTML: the default for a tool whose result is 'markdown'. */
export const markdownContract = rendererContract({
  reads: "markdown text (result: 'markdown')",
  kind: 'text',
  result: z.string(),
  options: z.strictObject({}),
});
