import { describe, expect, it } from 'vitest';
import { tools } from '../../kernel/catalogue';
import { screenTable } from '../screenTable';
import { documentTitleAt } from './screenTitle';

/*
 * The browser tab names the screen the user is on, then the app: every
 * screen once had the same title, "StudyForge", so the tab strip and the
 * history list could not tell an essay from the settings.
 */

const projectNames: Record<string, string> = { proj_1: 'Biology revision' };
const projectName = (id: string) => projectNames[id];
const titleAt = (location: string) => documentTitleAt(location, projectName);

describe('the document title', () => {
  it('names the page, the tool or the project before the app', () => {
    expect(titleAt('/dashboard')).toBe('Dashboard · StudyForge');
    expect(titleAt('/projects')).toBe('Projects · StudyForge');
    expect(titleAt('/settings')).toBe('Settings · StudyForge');
    expect(titleAt('/essay-buddy')).toBe('Essay Buddy · StudyForge');
    expect(titleAt('/projects/proj_1')).toBe('Biology revision · StudyForge');
    expect(titleAt('/projects/proj_1/study')).toBe('Study: Biology revision · StudyForge');
  });

  it('gives every tool its own title, by its name in the catalogue', () => {
    const titles = tools.map((tool) => titleAt(`/${tool.id}`));
    expect(titles).toEqual(tools.map((tool) => `${tool.title} · StudyForge`));
    expect(new Set(titles).size).toBe(tools.length);
  });

  it('gives every screen in the table a title of its own; only the landing page is the app name alone', () => {
    const samplePath = (path: string) => path.replace(':projectId', 'proj_1').replace(':toolId', tools[0]!.id);
    const titles = screenTable.map((screen) => titleAt(samplePath(screen.path)));
    expect(titles[0]).toBe('StudyForge');
    expect(new Set(titles).size).toBe(screenTable.length);
  });

  it('says when there is nothing at the address, rather than naming the app alone', () => {
    expect(titleAt('/no-such-tool')).toBe('Page not found · StudyForge');
    expect(titleAt('/projects/proj_missing')).toBe('Project not found · StudyForge');
    expect(titleAt('/projects/proj_missing/study')).toBe('Project not found · StudyForge');
    expect(titleAt('/a/b/c')).toBe('Page not found · StudyForge');
  });

  it('follows the router: any letter case and a trailing slash reach the same screen', () => {
    expect(titleAt('/Settings/')).toBe('Settings · StudyForge');
  });
});
