import { z } from 'zod';
import { rendererContract } from '../../src/kernel/rendererContract';

/** A study session as work sprints and breaks, with their minutes. */
export const sprintsContract = rendererContract({
  reads: "{ sprints: a list of { duration: minutes, activity: string, type: 'work' | 'break' } }",
  kind: 'json',
  result: z.object({
    sprints: z
      .array(z.object({ duration: z.number().nonnegative(), activity: z.string(), type: z.enum(['work', 'break']) }))
      .min(1),
  }),
  options: z.strictObject({}),
});
