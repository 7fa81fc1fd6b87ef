import { describe, expect, it } from 'vitest';
import { allProjectsExportJson, allProjectsFileName } from './allProjectsFile';
import { ALL_PROJECTS_EXPORT_FORMAT, parseImportFile, parseProjectExport, PROJECT_EXPORT_FORMAT } from './projectFile';

describe('allProjectsExportJson', () => {
  const biology = { id: 'proj_1700000000000', name: 'Biology', createdAt: '2026-11-01T09:00:00.000Z' };
  const algebra = { id: 'proj_1600000000000', name: 'Algebra', createdAt: '2021-01-10T12:00:00.000Z' };
  const notes = { id: 'art_1700000000100', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Cells' };
  const at = '2026-11-26T08:00:00.000Z';

  it('holds every project, each in the format a project page exports and import reads back', () => {
    const study = { cards: { c1: { due: at } }, attempts: {} };
    const file = JSON.parse(allProjectsExportJson([{ project: biology, artifacts: [notes], study }, { project: algebra, artifacts: [] }], at)) as {
      format: string;
      projects: unknown[];
    };
    expect(file.format).toBe(ALL_PROJECTS_EXPORT_FORMAT);
    expect(file.projects).toHaveLength(2);
    const [first, second] = file.projects.map((p) => parseProjectExport(JSON.stringify(p), Date.parse(at)));
    expect(first).toMatchObject({ ok: true, bundle: { project: biology, artifacts: [notes] }, file: { format: PROJECT_EXPORT_FORMAT, study } });
    expect(second).toMatchObject({ ok: true, bundle: { project: algebra, artifacts: [] } });
  });

  it('refuses, naming the project, an item nested too deep to write', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(() => allProjectsExportJson([{ project: algebra, artifacts: [{ ...notes, data: deep }] }], at)).toThrow(/a saved item in "Algebra" is nested more than 64 levels deep/);
  });

  it('takes the pinned tools along, which import reads back; a file with a broken list still imports its projects', () => {
    const text = allProjectsExportJson([{ project: biology, artifacts: [notes] }], at, ['quiz-whiz', 'rubric-builder']);
    expect(JSON.parse(text)).toMatchObject({ favourites: ['quiz-whiz', 'rubric-builder'] });
    expect(parseImportFile(text, Date.parse(at))).toMatchObject({ ok: true, favourites: ['quiz-whiz', 'rubric-builder'] });
    expect(JSON.parse(allProjectsExportJson([{ project: biology, artifacts: [notes] }], at))).not.toHaveProperty('favourites');
    for (const broken of ['quiz-whiz', [1, 2], ['x'.repeat(101)], Array.from({ length: 201 }, (_, i) => `t${i}`)]) {
      const file = { ...(JSON.parse(text) as object), favourites: broken };
      const parsed = parseImportFile(JSON.stringify(file), Date.parse(at));
      expect(parsed).toMatchObject({ ok: true, projects: [{ bundle: { project: biology } }] });
      expect(parsed).not.toHaveProperty('favourites');
    }
  });

  it('is named after the day', () => {
    expect(allProjectsFileName(at)).toBe('StudyForge projects 2026-11-26.json');
  });
});
