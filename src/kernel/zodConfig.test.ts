import { describe, expect, it } from 'vitest';

describe('zodConfig', () => {
  it("turns zod's eval probe off without calling zod, so the first load needs none of it", async () => {
    await import('./zodConfig');
    const { config } = await import('zod/mini');
    expect(config().jitless).toBe(true);
  });
});
