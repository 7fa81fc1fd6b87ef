import { describe, expect, it } from 'vitest';
import { accountExport, type HeldItem } from '../server/accounts/accountExport';
import { storageKeys } from '../src/kernel/stored/storage';
import { parseImportFile } from '../src/features/projects/projectFile';
import { entryForKey } from '../src/features/sync/syncedKeys';

/*
 * A signed-in person's browser data goes up as synced items (the sync
 * client's own table, syncedKeys.ts), the server writes them into the
 * account download, and the app's own import (Projects page) must read the
 * download's projects back as they were in the browser: projects, saved
 * items, study data and pinned tools. The server cannot import the app's
 * code, so the three meet here.
 */

const at = '2026-11-27T10:00:00.000Z';

const biology = { id: 'proj_1700000000000', name: 'Biology', createdAt: '2026-11-01T09:00:00.000Z' };
const algebra = { id: 'proj_1600000000000', name: 'Algebra', createdAt: '2021-01-10T12:00:00.000Z', updatedAt: '2026-01-10T12:00:00.000Z' };
const notes = { id: 'art_1700000000100', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Cells' };
const quiz = {
  id: 'art_1700000000200',
  createdAt: '2026-11-02T10:00:00.000Z',
  toolId: 'quiz-whiz',
  saveId: 'save-1',
  topic: 'Mitosis',
  resultId: 'res-1',
  refinements: ['Make it shorter'],
  attempts: [{ score: 2 }],
  data: { questions: [{ q: 'What divides?', a: 'The cell' }] },
};
const study = {
  cards: {
    'art_1700000000200/q1': {
      createdAt: '2026-11-02T10:05:00.000Z',
      due: '2026-11-05T10:05:00.000Z',
      reviews: [
        { id: 'r1', at: '2026-11-02T10:05:00.000Z', grade: 3 },
        { id: 'r2', at: '2026-11-03T10:05:00.000Z', grade: 4 },
      ],
    },
  },
  attempts: { [quiz.id]: [{ id: 'a1', at: '2026-11-02T11:00:00.000Z', score: 1 }, { id: 'a2', at: '2026-11-03T11:00:00.000Z', score: 2 }] },
};
const favourites = ['rubric-builder', 'quiz-whiz'];

/** What this browser holds, by stored key. */
const browser: Record<string, unknown> = {
  [storageKeys.projects]: [algebra, biology],
  [storageKeys.artifacts(biology.id)]: [quiz, notes],
  [storageKeys.artifacts(algebra.id)]: [],
  [storageKeys.study(biology.id)]: study,
  [storageKeys.favourites]: favourites,
};

/** The items the sync client sends for it, each field stamped in the order the client writes them. */
function syncedItems(): HeldItem[] {
  let tick = 0;
  const stamp = () => `${String(Date.parse(at)).padStart(13, '0')}-${(tick++).toString(36).padStart(4, '0')}-devicea`;
  return Object.entries(browser).flatMap(([key, value]) => {
    const entry = entryForKey(key);
    if (!entry) throw new Error(`${key} does not sync`);
    const { live } = entry.split(key, value, { read: (other) => browser[other], known: () => [] });
    return live.map((draft) => ({ c: draft.c, id: draft.id, f: Object.fromEntries(Object.entries(draft.f).map(([name, v]) => [name, { v, t: stamp() }])) }));
  });
}

describe("the account download's projects", () => {
  it('read back through the Projects page import as the browser held them: projects, saved items, study data, pinned tools', () => {
    // The server reads items in the order they last changed, which need not be the order the browser keeps.
    const items = [...syncedItems().reverse(), { c: 'project', id: 'proj_gone', f: {}, d: `${Date.parse(at)}-0000-devicea` }];
    const file = accountExport({ account: { name: 'A', email: null, role: 'student', createdAt: at, lastActiveAt: at, signInProvider: 'idp.test' }, items, sessions: 1, auditEntries: 0, exportedAt: at });
    const parsed = parseImportFile(JSON.stringify(file.projects), Date.parse(at));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.projects.map(({ bundle }) => bundle)).toEqual([
      { project: biology, artifacts: [quiz, notes] },
      { project: algebra, artifacts: [] },
    ]);
    expect(parsed.projects.map(({ file: one }) => one.study)).toEqual([study, undefined]);
    expect(parsed.favourites).toEqual(favourites);
    // What is not part of a project file (a deleted project here) is kept as stored, beside the projects.
    expect(file.otherData.map(({ c, id }) => `${c}:${id}`)).toEqual(['project:proj_gone']);
  });
});
