import { describe, expect, it } from 'vitest';
import { formatHlc } from './hlc';
import { parsePushBody, SYNC_LIMITS } from './syncItem';

const NOW = 1_764_280_000_000;
const stamp = formatHlc({ wall: NOW, counter: 0, node: 'dev_a' });
const item = (extra: Record<string, unknown> = {}) => ({ c: 'project', id: 'proj_1', f: { name: { v: 'Biology', t: stamp } }, ...extra });

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { inner: value };
  return value;
}

describe('reading a push from a device', () => {
  it('takes well-formed items', () => {
    const parsed = parsePushBody({ items: [item(), item({ id: 'proj_2', d: stamp, f: {} })] }, NOW);
    expect(parsed).toEqual({ ok: true, value: { items: [item(), item({ id: 'proj_2', d: stamp, f: {} })] } });
  });

  it('refuses an item that names an owner, whatever it names', () => {
    const parsed = parsePushBody({ items: [item({ owner: 'user_someone_else' })] }, NOW);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/not in the expected form at items\.0/);
  });

  it('refuses the wrong shape, a bad stamp and a bad collection with a sentence saying where', () => {
    for (const body of [{}, { items: 'x' }, { items: [item({ c: 'Robert; drop table' })] }, { items: [{ ...item(), f: { name: { v: 1, t: 'yesterday' } } }] }]) {
      const parsed = parsePushBody(body, NOW);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/^The changes are not in the expected form/);
    }
  });

  it('refuses too many items, too many fields, too deep and too big', () => {
    const many = { items: Array.from({ length: SYNC_LIMITS.itemsPerPush + 1 }, (_, i) => item({ id: `p${i}` })) };
    expect(parsePushBody(many, NOW).ok).toBe(false);
    const fields = Object.fromEntries(Array.from({ length: SYNC_LIMITS.fieldsPerItem + 1 }, (_, i) => [`f${i}`, { v: i, t: stamp }]));
    expect(parsePushBody({ items: [item({ f: fields })] }, NOW)).toMatchObject({ ok: false, message: /more than 64 fields/ });
    expect(parsePushBody({ items: [item({ f: { data: { v: nested(40), t: stamp } } })] }, NOW)).toMatchObject({ ok: false, message: /nested more than 32/ });
    // Far past the stack: refused before any recursive reader walks it.
    expect(parsePushBody({ items: [item({ f: { data: { v: nested(100_000), t: stamp } } })] }, NOW)).toMatchObject({ ok: false, message: /nested/ });
    const big = 'x'.repeat(SYNC_LIMITS.itemBytes);
    expect(parsePushBody({ items: [item({ f: { data: { v: big, t: stamp } } })] }, NOW)).toMatchObject({ ok: false, message: /larger than 1 MB/ });
  });

  it('refuses a change dated days ahead, which would win every merge', () => {
    const ahead = formatHlc({ wall: NOW + 3 * SYNC_LIMITS.futureSkewMs, counter: 0, node: 'dev_a' });
    expect(parsePushBody({ items: [item({ f: { name: { v: 'x', t: ahead } } })] }, NOW)).toMatchObject({ ok: false, message: /a day ahead/ });
    expect(parsePushBody({ items: [item({ d: ahead, f: {} })] }, NOW)).toMatchObject({ ok: false, message: /a day ahead/ });
  });
});
