import { afterEach, describe, expect, it, vi } from 'vitest';
import { artifactTombstone, byNewest, newSaveId, sameSave, timeId, unionArtifacts } from './merge';
import type { Artifact } from './schema';
import { nameStamp, newestFirst } from './schema';

const art = (id: string, createdAt: string, extra: Partial<Artifact> = {}): Artifact => ({ id, createdAt, toolId: 't', data: id, ...extra });

afterEach(() => vi.useRealTimers());

describe('timeId', () => {
  it('is the prefix and the time in ms, nudged forward within one ms and past taken ids', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const first = timeId('x_');
    const second = timeId('x_');
    expect(Number(first.slice(2))).toBeGreaterThanOrEqual(5_000_000);
    expect(Number(second.slice(2))).toBe(Number(first.slice(2)) + 1);
    const taken = new Set([`x_${Number(second.slice(2)) + 1}`]);
    expect(timeId('x_', (id) => taken.has(id))).toBe(`x_${Number(second.slice(2)) + 2}`);
  });
});

describe('telling saves apart', () => {
  it('compares items with a save id by it alone, never by content', () => {
    expect(sameSave(art('a', 'T', { saveId: 's1' }), art('a', 'T', { saveId: 's1', data: 'other' }))).toBe(true);
    expect(sameSave(art('a', 'T', { saveId: 's1' }), art('a', 'T', { saveId: 's2' }))).toBe(false);
    expect(sameSave(art('a', 'T', { saveId: 's1' }), art('a', 'T'))).toBe(false);
  });

  it('compares items stored before save ids by content, and data too deep to serialise as different', () => {
    expect(sameSave(art('a', 'T'), art('a', 'T'))).toBe(true);
    expect(sameSave(art('a', 'T'), art('a', 'T', { data: 'changed' }))).toBe(false);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(sameSave(art('a', 'T', { data: deep }), art('a', 'T', { data: deep }))).toBe(false);
  });

  it('gives every save a new random id', () => {
    const ids = new Set(Array.from({ length: 50 }, newSaveId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('merging artifact lists', () => {
  it('keeps every existing item, adds only new ids, newest first with ties by id', () => {
    const existing = [art('art_1', '2026-01-01'), art('art_3', '2026-01-03', { data: 'mine' })];
    const extra = [art('art_3', '2026-01-03', { data: 'theirs' }), art('art_2', '2026-01-02'), art('art_4', '2026-01-01')];
    const { merged, added } = unionArtifacts(existing, extra);
    expect(added.map((a) => a.id)).toEqual(['art_2', 'art_4']);
    expect(merged.map((a) => a.id)).toEqual(['art_3', 'art_2', 'art_4', 'art_1']);
    expect(merged[0]?.data).toBe('mine');
  });

  it('adds an id repeated within the extra items once', () => {
    expect(unionArtifacts([], [art('a', 'T'), art('a', 'T', { data: 'again' })]).added).toHaveLength(1);
  });

  it('orders by time, then id, the same way in every tab', () => {
    expect([art('a', '2026-01-01'), art('b', '2026-01-01'), art('c', '2026-02-01')].sort(byNewest).map((a) => a.id)).toEqual(['c', 'b', 'a']);
  });

  it('records a deleted artifact under its project', () => {
    expect(artifactTombstone('proj_1', 'art_2')).toBe('proj_1/art_2');
  });
});

describe('projects', () => {
  it('dates a name by its rename, else its creation', () => {
    expect(nameStamp({ id: 'p', name: 'N', createdAt: '2026-01-01' })).toBe('2026-01-01');
    expect(nameStamp({ id: 'p', name: 'N', createdAt: '2026-01-01', updatedAt: '2026-02-01' })).toBe('2026-02-01');
  });

  it('lists newest first, ties by id', () => {
    const list = [
      { id: 'proj_1', name: 'A', createdAt: '2026-01-01' },
      { id: 'proj_3', name: 'C', createdAt: '2026-01-01' },
      { id: 'proj_2', name: 'B', createdAt: '2026-06-01' },
    ];
    expect(newestFirst(list).map((p) => p.name)).toEqual(['B', 'C', 'A']);
  });
});
