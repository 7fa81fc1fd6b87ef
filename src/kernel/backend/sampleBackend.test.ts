import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toContractSchema } from '../contractSchema';
import { createSampleBackend, piecesOf, SAMPLE_PIECES } from './sampleBackend';
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

  it('hands out the answer\u2019s text in a few growing pieces before it resolves, as a stream would', async () => {
    const example = { thesis: 'Phones distract students in class', points: ['focus', 'sleep'] };
    const seen: string[] = [];
    const answer = await createSampleBackend(0).generate({ prompt: 'x', sample: example, onText: (t) => seen.push(t) });
    expect(seen).toHaveLength(SAMPLE_PIECES);
    seen.forEach((text, i) => {
      if (i > 0) expect(text.startsWith(seen[i - 1] ?? '')).toBe(true);
      expect(text.length).toBeGreaterThan(i > 0 ? (seen[i - 1]?.length ?? 0) : 0);
    });
    expect(seen.at(-1)).toBe(JSON.stringify(example));
    expect(answer).toEqual(example);

    const text: string[] = [];
    await createSampleBackend(0).generate({ prompt: 'x', sample: '## Notes\nPlants make sugar from light.', onText: (t) => text.push(t) });
    expect(text.at(-1)).toBe('## Notes\nPlants make sugar from light.');
    expect(text[0]?.length).toBeLessThan(text.at(-1)?.length ?? 0);
  });

  it('spreads the pieces over its delay, so a partial answer is on screen for a while', async () => {
    vi.useFakeTimers();
    try {
      const seen: string[] = [];
      const pending = createSampleBackend(500).generate({ prompt: 'x', sample: 'one two three four five six', onText: (t) => seen.push(t) });
      await vi.advanceTimersByTimeAsync(50);
      expect(seen).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(seen).toEqual(['one two ']);
      await vi.advanceTimersByTimeAsync(350);
      await expect(pending).resolves.toBe('one two three four five six');
      expect(seen.at(-1)).toBe('one two three four five six');
    } finally {
      vi.useRealTimers();
    }
  });

  it('cuts text into pieces at spaces, losing nothing', () => {
    const text = 'The quick brown fox jumps over the lazy dog';
    const pieces = piecesOf(text, 4);
    expect(pieces.join('')).toBe(text);
    expect(pieces).toHaveLength(4);
    expect(pieces.slice(0, -1).every((p) => p.endsWith(' '))).toBe(true);
    expect(piecesOf('abc', 4).join('')).toBe('abc');
    expect(piecesOf('', 4)).toEqual([]);
  });

  it('sampleFromSchema honours counts', () => {
    expect(sampleFromSchema({ type: 'ARRAY', items: { type: 'STRING' }, minItems: 3, maxItems: 5 })).toHaveLength(3);
  });
});
