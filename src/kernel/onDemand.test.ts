import { describe, expect, it } from 'vitest';
import { onDemand } from './onDemand';

describe('code loaded on demand', () => {
  it('loads once, however often it is asked for, and keeps what arrived for use in the same task', async () => {
    let loads = 0;
    const code = onDemand(async () => ({ answer: ++loads }));
    expect(code.current()).toBeUndefined();
    const [first, second] = await Promise.all([code.load(), code.load()]);
    expect(first).toBe(second);
    expect(code.current()).toBe(first);
    await code.load();
    expect(loads).toBe(1);
  });

  it('tries again after a failed load (a flaky network) instead of keeping the failure', async () => {
    let attempts = 0;
    const code = onDemand(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return 'here';
    });
    await expect(code.load()).rejects.toThrow('chunk failed');
    expect(code.current()).toBeUndefined();
    await expect(code.load()).resolves.toBe('here');
    expect(attempts).toBe(2);
  });
});
