import { describe, expect, it } from 'vitest';
import { createClock, laterHlc, parseHlc } from './hlc';

describe('the hybrid logical clock', () => {
  it('stamps in time order, and still in order when the wall clock stands still or goes back', () => {
    let time = 1_764_280_000_000;
    const clock = createClock('dev_a', () => time);
    const first = clock.tick();
    const second = clock.tick(); // same millisecond
    time -= 5_000; // the device's clock was set back
    const third = clock.tick();
    time += 10_000;
    const fourth = clock.tick();
    expect([first, second, third, fourth]).toEqual([...[first, second, third, fourth]].sort());
    expect(new Set([first, second, third, fourth]).size).toBe(4);
    expect(parseHlc(fourth)?.wall).toBe(time);
  });

  it('after seeing a stamp from a device whose clock runs ahead, its next change sorts after it', () => {
    const behind = createClock('dev_behind', () => 1_000_000);
    const ahead = createClock('dev_ahead', () => 9_000_000);
    const theirs = ahead.tick();
    behind.observe(theirs);
    expect(behind.tick() > theirs).toBe(true);
  });

  it('breaks a tie of the same millisecond and counter by the device', () => {
    const a = createClock('dev_a', () => 5).tick();
    const b = createClock('dev_b', () => 5).tick();
    expect(a).not.toBe(b);
    expect(laterHlc(a, b)).toBe(b);
    expect(laterHlc(undefined, a)).toBe(a);
  });

  it('keeps counting past the counter room by borrowing the next millisecond', () => {
    const clock = createClock('dev_a', () => 7);
    let last = clock.tick();
    for (let i = 0; i < 36 ** 4 + 3; i++) {
      const next = clock.tick();
      if (!(next > last)) throw new Error(`${next} does not sort after ${last}`);
      last = next;
    }
    expect(parseHlc(last)?.wall).toBe(8);
  });

  it('refuses a node id that would break the order', () => {
    expect(() => createClock('A-B')).toThrow(/node id/);
    expect(parseHlc('not a stamp')).toBeUndefined();
  });
});
