// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_PREFIX, storageKeys } from '../../../kernel/stored/storage';
import { loadNamesSettings, loadPrivacyState } from '../../../features/privacy';
import { useProjects } from '../../../features/projects';
import { useSettings, useTheme } from '../../../features/settings';
import { loadStudyState } from '../../../features/study';
import { preloadParts, SettingsPage } from './SettingsPage';
import { deletedAllMessage } from './DeleteAllData';

// Loaded as the app loads them (on demand), through each feature's entry.
const { usePrivacy } = await loadPrivacyState();
const { useStudy } = await loadStudyState();
const { namesSentWarning, replaceNamesLabel } = await loadNamesSettings();
// The page's parts, as its route loads them before showing it.
await preloadParts();

/*
 * Settings' Names section and "Delete all my data" in jsdom, over
 * the real stores: what the screen says, where focus goes, and that deleting
 * empties storage of StudyForge's keys only and every store without a reload.
 */

const downloads = vi.hoisted(() => [] as { fileName: string; text: string }[]);
vi.mock('../../../features/export/download', () => ({
  downloadText: (fileName: string, text: string) => downloads.push({ fileName, text }),
  downloadFile: () => undefined,
}));

const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;
const focused = () => document.activeElement;

const ourKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(STORAGE_PREFIX));

beforeEach(() => {
  localStorage.clear();
  downloads.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  usePrivacy.getState().reload();
  useProjects.getState().syncFromStorage(null);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Names', () => {
  it('replaces names by default; turned off, it warns, and is remembered', async () => {
    const user = userEvent.setup();
    render(<SettingsPage />);
    const names = screen.getByRole('switch', { name: replaceNamesLabel });
    expect(checked(names)).toBe(true);
    expect(description(names)).toMatch(/replaced by placeholders such as “Student A” before a request leaves this browser, and put back in the answer/);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(names);
    expect(checked(names)).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe(namesSentWarning);
    expect(description(names)).toContain(namesSentWarning);
    expect(JSON.parse(localStorage.getItem(storageKeys.privacy) ?? 'null')).toEqual({ replaceNames: false, namesSentBy: [] });

    await user.click(names);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the tools that send names as typed by title, each with "Replace names again", focus moving on', async () => {
    const user = userEvent.setup();
    act(() => {
      usePrivacy.getState().setToolSendsNames('parent-communication-assistant', true);
      usePrivacy.getState().setToolSendsNames('report-card-generator', true);
    });
    render(<SettingsPage />);
    const list = screen.getByRole('list', { name: 'Tools that send names as typed' });
    expect(within(list).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Parent Communication Assistant', 'Report Card Generator']);

    await user.click(within(list).getByRole('button', { name: 'Replace names again in Parent Communication Assistant' }));
    expect(usePrivacy.getState().namesSentBy).toEqual(['report-card-generator']);
    expect(screen.getByRole('status').textContent).toBe('Parent Communication Assistant replaces names again.');
    const last = screen.getByRole('button', { name: 'Replace names again in Report Card Generator' });
    expect(focused()).toBe(last);

    await user.click(last);
    expect(usePrivacy.getState().namesSentBy).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Tools that send names as typed' })).toBeNull();
    expect(focused()).toBe(screen.getByRole('heading', { name: 'Names' }));
  });
});

describe('Delete all my data', () => {
  function seedEverything() {
    act(() => {
      const project = useProjects.getState().createProject('Biology');
      useProjects.getState().saveArtifact(project.id, { toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Cells' });
      useSettings.getState().setOwnKey({ provider: 'gemini', apiKey: 'AIza-own-key', model: '', baseUrl: '' });
      useTheme.getState().setChoice('dark');
      usePrivacy.getState().setReplaceNames(false);
    });
    localStorage.setItem(storageKeys.toolSession('smart-notes'), JSON.stringify({ values: { notes: 'Ada Lovelace' } }));
    localStorage.setItem('other-app:settings', 'theirs');
    useStudy.setState({ data: { proj_1: { cards: {}, attempts: {} } } });
  }

  it('opens a confirmation that takes focus, and Escape or Cancel closes it, focus back on the button', async () => {
    const user = userEvent.setup();
    seedEverything();
    render(<SettingsPage />);
    const open = screen.getByRole('button', { name: 'Delete all my data' });
    await user.click(open);
    const panel = screen.getByRole('group', { name: 'Delete all your StudyForge data in this browser?' });
    expect(focused()).toBe(within(panel).getByRole('button', { name: 'Export all projects first' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /Delete all your StudyForge data/ })).toBeNull();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Delete all my data' }));

    await user.click(screen.getByRole('button', { name: 'Delete all my data' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(focused()).toBe(screen.getByRole('button', { name: 'Delete all my data' }));
    expect(ourKeys()).not.toEqual([]);
  });

  it('exports every project first, then deletes every StudyForge key and empties the stores', async () => {
    const user = userEvent.setup();
    seedEverything();
    render(<SettingsPage />);
    expect(checked(screen.getByRole('switch', { name: 'Call a provider with my own key' }))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete all my data' }));

    await user.click(screen.getByRole('button', { name: 'Export all projects first' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Exported your project to StudyForge projects \d{4}-\d{2}-\d{2}\.json\.$/);
    expect(downloads).toHaveLength(1);
    const file = JSON.parse(downloads[0]!.text) as { format: string; projects: { project: { name: string }; artifacts: { data: unknown }[] }[] };
    expect(file.format).toBe('studyforge-projects');
    expect(file.projects.map((p) => [p.project.name, p.artifacts.map((a) => a.data)])).toEqual([['Biology', ['## Cells']]]);

    await user.click(screen.getByRole('button', { name: 'Delete everything' }));
    expect((await screen.findByText(deletedAllMessage)).getAttribute('role')).toBe('status');
    expect(focused()).toBe(screen.getByRole('button', { name: 'Delete all my data' }));

    expect(ourKeys()).toEqual([]);
    expect(localStorage.getItem('other-app:settings')).toBe('theirs');
    expect(useProjects.getState().projects).toEqual([]);
    expect(useProjects.getState().activeProjectId).toBeNull();
    expect(useSettings.getState().stored).toEqual({});
    expect(useTheme.getState().choice).toBe('system');
    expect(usePrivacy.getState()).toMatchObject({ replaceNames: true, namesSentBy: [] });
    expect(useStudy.getState().data).toEqual({});
    // The screen shows the defaults at once: the own-key form started again, the names switch back on.
    expect(checked(screen.getByRole('switch', { name: 'Call a provider with my own key' }))).toBe(false);
    expect(checked(screen.getByRole('switch', { name: replaceNamesLabel }))).toBe(true);
    // Nothing was written back meanwhile.
    expect(ourKeys()).toEqual([]);
  });

  it("says so when the browser refuses, and the screen stays", async () => {
    const user = userEvent.setup();
    seedEverything();
    render(<SettingsPage />);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await user.click(screen.getByRole('button', { name: 'Delete all my data' }));
    await user.click(screen.getByRole('button', { name: 'Delete everything' }));
    const refused = await screen.findByText(/^Could not delete everything: this browser refused to remove \d+ stored items\./);
    expect(refused.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    // What is still stored is what the stores show.
    expect(useProjects.getState().projects.map((p) => p.name)).toEqual(['Biology']);
  });
});
