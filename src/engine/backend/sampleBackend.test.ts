import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContractSchema } from '../contractSchema';
import { createSampleBackend } from './sampleBackend';
import { sampleFromSchema } from './sampleFromSchema';

describe('the offline sample backend', () => {
  it("answers with the tool's example, as a copy", async () => {
    const example = { thesis: 'Example' };
    const answer = await createSampleBackend(0).generate({ prompt: 'x', sample: example });
    expect(answer).toEqual(example);
    expect(answer).not.toBe(example);
  });

  it('answers any other call with a value that fits its schema', async () => {
    const schema = z.object({
      diagnosis: z.string(),
      followUpQuestion: z.object({ options: z.array(z.string()).length(4), difficulty: z.literal('Easy'), score: z.number().int().min(1) }),
      tags: z.array(z.enum(['work', 'break'])).min(2).max(3),
    });
    const answer = await createSampleBackend(0).generate({ prompt: 'x', responseSchema: toContractSchema(schema) });
    expect(schema.safeParse(answer).success).toBe(true);
  });

  it('answers text calls with text that says it is a sample', async () => {
    await expect(createSampleBackend(0).generate({ prompt: 'x' })).resolves.toMatch(/sample answer/);
  });

  it('can be aborted while it waits', async () => {
    const controller = new AbortController();
    const pending = createSampleBackend(10_000).generate({ prompt: 'x', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
  });

  it('sampleFromSchema honours counts', () => {
    expect(sampleFromSchema({ type: 'ARRAY', items: { type: 'STRING' }, minItems: 3, maxItems: 5 })).toHaveLength(3);
  });
});
