import { describe, expect, it } from 'vitest';
import { createSlots } from './slots';

describe('upload slots', () => {
  it('lets `size` in at once, queues the next in order, and refuses past the queue', async () => {
    const slots = createSlots(2, 1, 10_000);
    const a = await slots.acquire();
    const b = await slots.acquire();
    expect(a && b).toBeTruthy();
    let third: (() => void) | undefined;
    const waiting = slots.acquire().then((release) => (third = release));
    expect(await slots.acquire()).toBeUndefined(); // The queue (1) is full.
    expect(slots.waiting).toBe(1);
    a?.();
    await waiting;
    expect(third).toBeTypeOf('function');
    expect(slots.active).toBe(2);
    b?.();
    third?.();
    expect(slots.active).toBe(0);
  });

  it('gives up on a waiter after the longest wait, or when its caller leaves', async () => {
    const slots = createSlots(1, 5, 20);
    const held = await slots.acquire();
    expect(await slots.acquire()).toBeUndefined(); // Timed out.
    const leaving = new AbortController();
    const pending = slots.acquire(leaving.signal);
    leaving.abort();
    expect(await pending).toBeUndefined();
    expect(slots.waiting).toBe(0);
    held?.();
    expect(slots.active).toBe(0);
  });

  it('a release called twice frees one slot only', async () => {
    const slots = createSlots(1, 0, 10);
    const release = await slots.acquire();
    release?.();
    release?.();
    expect(slots.active).toBe(0);
    await slots.acquire();
    expect(slots.active).toBe(1);
  });
});
