import { z } from 'zod';
import { rendererContract } from '../../src/kernel/rendererContract';

/**
 * One tab per top-level text field, in the order the schema declares them.
 * `format: 'markdown'` says the texts are written in markdown (a lesson plan
 * with its table), to be shown formatted; by default they are plain text.
 */
export const tabsContract = rendererContract({
  reads: 'an object with two or more text fields, one tab each, e.g. { simple: string, detailed: string }',
  kind: 'json',
  result: z
    .record(z.string(), z.unknown())
    .refine((data) => Object.values(data).filter((value) => typeof value === 'string').length >= 2, {
      message: 'Expected two or more text fields, one tab each.',
    }),
  options: z.strictObject({ format: z.enum(['text', 'markdown']).default('text') }),
});
