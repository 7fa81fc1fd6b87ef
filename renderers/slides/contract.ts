import { z } from 'zod';
import { rendererContract } from '../../src/kernel/rendererContract';

/** A presentation outline: slides with a title and talking points. */
export const slidesContract = rendererContract({
  reads: '{ slides: a list of { title: string, points: string[] } }',
  kind: 'json',
  result: z.object({ slides: z.array(z.object({ title: z.string(), points: z.array(z.string()) })).min(1) }),
  options: z.strictObject({}),
});
