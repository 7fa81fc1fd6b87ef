import { describe, expect, it } from 'vitest';
import { accountExport, type HeldItem } from '../server/accounts/accountExport';
import { parseImportFile } from '../src/features/projects/projectFile';

/*
 * The server writes a signed-in person's projects into their account
 * download; the app's own import (Projects page) must read that part back,
 * so the download is worth keeping on a device that never signs in. The
 * server cannot import the app's reader, so the two meet here.
 */

const at = '2026-11-27T10:00:00.000Z';
const stamp = '1764237600000-0001-devicea';

function item(c: string, id: string, values: Record<string, unknown>, d?: string): HeldItem {
  return { c, id, f: Object.fromEntries(Object.entries(values).map(([name, v]) => [name, { v, t: stamp }])), ...(d ? { d } : {}) };
}

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

const items: HeldItem[] = [
  item('project', algebra.id, algebra),
  item('project', biology.id, biology),
  item('artifact', `${biology.id}/${notes.id}`, { ...notes, projectId: biology.id }),
  item('artifact', `${biology.id}/${quiz.id}`, { ...quiz, projectId: biology.id }),
  item('project', 'proj_gone', {}, stamp),
  item('favourites', 'list', { ids: ['quiz-whiz'] }),
];

describe("the account download's projects", () => {
  it('read back through the Projects page import: every live project with every saved item, newest first', () => {
    const file = accountExport({ account: { name: 'A', email: null, role: 'student', createdAt: at, lastActiveAt: at, signInProvider: 'idp.test' }, items, sessions: 1, auditEntries: 0, exportedAt: at });
    const parsed = parseImportFile(JSON.stringify(file.projects), Date.parse(at));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.projects.map(({ bundle }) => bundle)).toEqual([
      { project: biology, artifacts: [quiz, notes] },
      { project: algebra, artifacts: [] },
    ]);
    // What is not a project (a deleted one, the pinned tools) is kept as stored, beside the projects.
    expect(file.otherData.map(({ c, id }) => `${c}:${id}`)).toEqual(['project:proj_gone', 'favourites:list']);
  });
});
