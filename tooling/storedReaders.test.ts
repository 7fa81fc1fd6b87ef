import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { readers } from '../src/kernel/stored/readers';
import { predicates, storedValueSchemas } from '../src/app/storedValueSchemas';
import type { StoredValueName } from '../src/kernel/stored/schemas';
import { compileReaders, type CompilableSchema } from './storedReaders';

/*
 * The first load reads storage with checks compiled from zod schemas (issue
 * 19). Whatever a stored value holds, a compiled reader must agree with zod:
 * accept what zod accepts, with the same value (unknown keys left out), and
 * refuse what zod refuses. Each schema is tried on a sound value and on every
 * corruption of it the tests can think of: each part removed, replaced by a
 * value of every other type, or joined by an unknown key.
 */

const sound: { [K in StoredValueName]: unknown } = {
  themeChoice: 'dark',
  dashboardFilter: 'teachers',
  categoryFilter: 'Writing',
  recentList: ['essay-buddy', 'dashboard', 'smart-notes'],
  favourites: ['quiz-whiz', 'rubric-builder'],
  settings: { backendUrl: 'https://gw.example', publicKey: 'pk', ownKey: { provider: 'openai', apiKey: 'sk', model: 'm', baseUrl: '' } },
  injectedSettings: { backendUrl: '.', publicKey: 'pk', transcribeUrl: '.', transcribeAccepts: ['audio/wav'] },
  projectList: [
    { id: 'proj_1', name: 'Biology', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-02-01T00:00:00.000Z' },
    { id: 'proj_2', name: '', createdAt: '2026-01-02T00:00:00.000Z' },
  ],
  artifactList: [
    { id: 'art_1', createdAt: '2026-01-01T00:00:00.000Z', toolId: 'essay-buddy', toolTitle: 'Essay Buddy', saveId: 's', refinements: ['Shorter'], attempts: [{ any: 1 }], data: { thesis: 'T' } },
    { id: 'art_2', createdAt: '2026-01-01T00:00:00.000Z', toolId: 'smart-notes', data: '## Notes' },
    { id: 'art_3', createdAt: '2026-01-01T00:00:00.000Z', toolId: 'x', data: null },
  ],
  activeProject: 'proj_1',
  deleted: { projects: ['proj_9'], artifacts: ['proj_1/art_4'] },
};

const junk: unknown[] = [undefined, null, 0, -1.5, '', 'x', 'dark', true, false, [], ['x'], {}, { id: 'a' }];

/** Every path to a part of a value. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(...value.map((item, i) => paths(item, [...at, i])));
  if (typeof value === 'object' && value !== null) return here.concat(...Object.entries(value).map(([key, item]) => paths(item, [...at, key])));
  return here;
}

/** A copy of `value` with the part at `path` changed by `change` (given its parent and key). */
function changed(value: unknown, path: (string | number)[], change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  if (path.length === 0) return copy;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path[path.length - 1] as string | number);
  return copy;
}

function corruptions(value: unknown): unknown[] {
  const out: unknown[] = [value, ...junk];
  for (const path of paths(value)) {
    if (path.length === 0) continue;
    out.push(changed(value, path, (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key])));
    for (const bad of junk) out.push(changed(value, path, (parent, key) => (parent[key] = bad)));
  }
  for (const path of paths(value)) {
    out.push(changed(value, path, (parent, key) => {
      const part = path.length === 0 ? parent : parent[key];
      if (typeof part === 'object' && part !== null && !Array.isArray(part)) (part as Record<string, unknown>).unexpected = 'kept?';
    }));
  }
  return out;
}

describe('the compiled stored-value readers', () => {
  it.each(Object.keys(storedValueSchemas) as StoredValueName[])('%s: answers as zod does for a sound value and each corruption of it', (name) => {
    const schema = storedValueSchemas[name];
    const read = readers[name] as (value: unknown) => { ok: boolean; value?: unknown };
    const cases = corruptions(sound[name]);
    let refused = 0;
    for (const value of cases) {
      const zod = z.safeParse(schema, value);
      const compiled = read(value);
      expect(compiled.ok, JSON.stringify(value)).toBe(zod.success);
      if (zod.success) expect(compiled.value, JSON.stringify(value)).toStrictEqual(zod.data);
      else refused += 1;
    }
    // The corpus tries both sides: the sound value passes, and corruptions are refused.
    expect(read(sound[name]).ok).toBe(true);
    expect(refused).toBeGreaterThan(0);
  });

  it('say where a value went wrong, for the log', () => {
    expect(readers.projectList([{ id: '', name: 'n', createdAt: 'c' }])).toEqual({ ok: false, problem: '[0].id: too short' });
    expect(readers.artifactList([{ id: 'a', createdAt: 'c', toolId: 't' }])).toEqual({ ok: false, problem: '[0].data: fails isPresent' });
    expect(readers.themeChoice('blue')).toEqual({ ok: false, problem: '(root): expected one of system, light, dark' });
  });

  it('refuse at build time what they cannot compile, naming the schema and the fix', () => {
    const compile = (schema: unknown) => () => compileReaders({ broken: schema as CompilableSchema }, predicates, '/predicates.ts');
    expect(compile(z.object({ when: z.date() }))).toThrow(
      /storedValueSchemas\.broken at when: a date schema cannot be compiled\. The first load compiles these schemas: use objects, arrays/,
    );
    expect(compile(z.string().check(z.refine((v) => v.length > 2)))).toThrow(/a refinement with a function of its own\..*predicate exported from src\/kernel\/stored\/predicates\.ts/);
    expect(compile(z.union([z.string(), z.number()]))).toThrow(/a union schema cannot be compiled/);
  });
});
