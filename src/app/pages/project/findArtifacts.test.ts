import { describe, expect, it } from 'vitest';
import { findArtifacts, toolsIn } from './findArtifacts';
import type { Artifact } from '../../../features/projects';

const item = (id: string, toolId: string, data: unknown, refinements?: string[]): Artifact => ({ id, createdAt: '2026-11-20T10:00:00.000Z', toolId, data, ...(refinements ? { refinements } : {}) });
const titles: Record<string, string> = { 'smart-notes': 'SmartNotes', 'essay-buddy': 'Essay Buddy' };
const titleOf = (a: Artifact) => titles[a.toolId] ?? a.toolId;

const notes = item('a1', 'smart-notes', '## Photosynthesis\nChlorophyll absorbs light.');
const essay = item('a2', 'essay-buddy', { thesis: 'Phones distract in lessons.', structure: ['Attention', 'Wellbeing'] }, ['Shorter']);
const essay2 = item('a3', 'essay-buddy', { thesis: 'School uniforms help.', structure: ['Cost'] });

describe('finding saved items', () => {
  it('matches the words an item holds, case-insensitively, not its JSON keys', () => {
    expect(findArtifacts([notes, essay, essay2], { text: 'CHLOROPHYLL', toolId: '' }, titleOf)).toEqual([notes]);
    expect(findArtifacts([notes, essay, essay2], { text: 'wellbeing', toolId: '' }, titleOf)).toEqual([essay]);
    expect(findArtifacts([notes, essay, essay2], { text: 'structure', toolId: '' }, titleOf)).toEqual([]);
  });

  it('matches the tool title and the changes asked for; blank finds all', () => {
    expect(findArtifacts([notes, essay, essay2], { text: 'essay bud', toolId: '' }, titleOf)).toEqual([essay, essay2]);
    expect(findArtifacts([notes, essay, essay2], { text: 'shorter', toolId: '' }, titleOf)).toEqual([essay]);
    expect(findArtifacts([notes, essay, essay2], { text: '  ', toolId: '' }, titleOf)).toHaveLength(3);
  });

  it('filters by tool, with or without words', () => {
    expect(findArtifacts([notes, essay, essay2], { text: '', toolId: 'essay-buddy' }, titleOf)).toEqual([essay, essay2]);
    expect(findArtifacts([notes, essay, essay2], { text: 'uniforms', toolId: 'smart-notes' }, titleOf)).toEqual([]);
    expect(toolsIn([notes, essay, essay2], titleOf)).toEqual([
      { toolId: 'essay-buddy', title: 'Essay Buddy', count: 2 },
      { toolId: 'smart-notes', title: 'SmartNotes', count: 1 },
    ]);
  });

  it('a hostile, very deep item is searched to a bounded depth, without failing', () => {
    let deep: unknown = 'buried';
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(findArtifacts([item('a4', 'x', deep)], { text: 'buried', toolId: '' }, titleOf)).toEqual([]);
  });
});
