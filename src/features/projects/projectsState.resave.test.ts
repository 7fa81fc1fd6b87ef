// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { freshStore, isolateEachTest } from './testing/projectsKit';

/*
 * Saving a result that is already in the project updates that item (moved
 * to the top, as the latest save) instead of adding a copy; another result (or another version) is a new item, and a
 * result whose item was deleted is saved anew.
 */

isolateEachTest();

const quiz = { toolId: 'quiz-whiz', toolTitle: 'QuizWhiz', topic: 'Tides', data: { questions: ['Why?'] } };

describe('saving a result again', () => {
  it('updates the item it was saved as, keeping its id and save id, with what was saved last, now the latest save', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const project = useProjects.getState().createProject('Oceans');
    useProjects.getState().saveArtifact(project.id, { ...quiz, resultId: 'v1' });
    useProjects.getState().saveArtifact(project.id, { toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Waves', resultId: 'n1' });
    const [, first] = loadArtifacts(project.id);
    expect(useProjects.getState().saveArtifact(project.id, { ...quiz, resultId: 'v1', attempts: [{ score: 1 }] })).toBe(true);
    const after = loadArtifacts(project.id);
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual({ ...first, createdAt: expect.any(String), attempts: [{ score: 1 }] });
    expect(after[0]!.createdAt >= first!.createdAt).toBe(true);
  });

  it('saves another result, or the same one after its item was deleted, as a new item', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const project = useProjects.getState().createProject('Oceans');
    useProjects.getState().saveArtifact(project.id, { ...quiz, resultId: 'v1' });
    useProjects.getState().saveArtifact(project.id, { ...quiz, resultId: 'v2' });
    expect(loadArtifacts(project.id).map((a) => a.resultId)).toEqual(['v2', 'v1']);
    const v1 = loadArtifacts(project.id)[1]!;
    useProjects.getState().deleteArtifact(project.id, v1.id);
    useProjects.getState().saveArtifact(project.id, { ...quiz, resultId: 'v1' });
    expect(loadArtifacts(project.id).map((a) => a.resultId).sort()).toEqual(['v1', 'v2']);
    expect(loadArtifacts(project.id).find((a) => a.resultId === 'v1')!.id).not.toBe(v1.id);
  });

  it('keeps the typed topic with the item, and items saved before result ids existed are never matched', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const project = useProjects.getState().createProject('Oceans');
    useProjects.getState().saveArtifact(project.id, { toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Waves' });
    useProjects.getState().saveArtifact(project.id, { toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Waves' });
    useProjects.getState().saveArtifact(project.id, { ...quiz, resultId: 'v1' });
    expect(loadArtifacts(project.id)).toHaveLength(3);
    expect(loadArtifacts(project.id)[0]!.topic).toBe('Tides');
  });
});
