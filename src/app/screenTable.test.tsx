// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute, useRouter } from 'wouter';
import { tools } from '../kernel/catalogue';
import { App } from './App';
import { palettePages, pageScreens, reservedToolIds, screenAt, screenPath, screenTable } from './screenTable';
import { loadCommandPalette } from '../features/find';

/*
 * The app's screens are said once (screenTable.ts) and every place that
 * names them agrees: on every screen the sidebar marks a page current, the
 * header names the same page (Settings once showed "StudyForge" in the header
 * while the sidebar and palette said "Settings"); the command palette offers
 * the sidebar's pages by the same names; and the tool ids the registry
 * refuses are exactly the paths the router gives to a screen, not a tool.
 */

const aTool = tools[0]!;
/** A path on each screen in the shell: its route with its params filled in. */
const samplePath: Record<string, string> = {
  dashboard: '/dashboard',
  projects: '/projects',
  project: '/projects/proj_1',
  study: '/projects/proj_1/study',
  settings: screenPath.settings,
  tool: `/${aTool.id}`,
};

const headerName = () => document.querySelector('.header-title span')?.textContent ?? '';
const sidebar = () => screen.getByRole('navigation', { name: 'Main' });
/** The sidebar's page links (not its tools), by name. */
const sidebarPages = () => within(sidebar()).getAllByRole('link').filter((link) => link.closest('.sidebar-links'));

function showApp(path: string) {
  window.location.hash = `#${path}`;
  return render(<App />);
}

beforeAll(() => {
  // jsdom has the dialog element but not its modal API.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  window.location.hash = '';
});

describe('the screen table', () => {
  it.each(Object.entries(samplePath))('has the header name the page the sidebar marks current on the %s screen', (id, path) => {
    showApp(path);
    const current = sidebarPages().filter((link) => link.getAttribute('aria-current') === 'page');
    if (id === 'tool') {
      expect(current).toEqual([]);
      expect(headerName()).toBe(aTool.title);
    } else {
      expect(current.map((link) => link.textContent)).toEqual([headerName()]);
    }
  });

  it('names in the header every page the sidebar names, on its own route', () => {
    const names: string[] = [];
    for (const page of pageScreens) {
      showApp(page.path);
      const link = sidebarPages().find((candidate) => candidate.getAttribute('href') === `#${page.path}`);
      expect(link?.getAttribute('aria-current'), page.path).toBe('page');
      names.push(link?.textContent ?? '');
      expect(headerName(), page.path).toBe(link?.textContent);
      cleanup();
    }
    expect(names).toEqual(['Dashboard', 'Projects', 'Settings']);
  });

  it('offers in the command palette the pages the sidebar names, by the same names, in the same order', async () => {
    const { default: CommandPalette } = await loadCommandPalette();
    showApp('/dashboard');
    const sidebarNames = sidebarPages().map((link) => link.textContent);
    cleanup();
    render(<CommandPalette pages={palettePages} onClose={() => undefined} />);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    const pages = options.filter((option) => option.querySelector('.palette-option-kind')?.textContent === 'Page');
    expect(pages.map((option) => option.querySelector('.palette-option-title')?.textContent)).toEqual(sidebarNames);
  });

  it('reserves for the app exactly the one-segment paths the router gives to a screen, not a tool', async () => {
    expect(reservedToolIds()).toEqual(['dashboard', 'projects', 'settings', 'account', 'classes', 'join']);
    for (const id of reservedToolIds()) {
      showApp(`/${id}`);
      // A tool's route shows "Page not found" for an id no tool has; a screen shows its own heading.
      const heading = await waitFor(() => within(screen.getByRole('main')).getByRole('heading', { level: 1 }));
      expect(heading.textContent, id).not.toBe('Page not found');
      cleanup();
    }
    showApp('/no-such-screen');
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });

  it('finds the screen the router shows at a path (what loads on intent), in any letter case and with a trailing slash', () => {
    let parser: Parameters<typeof matchRoute>[0] | undefined;
    function ReadParser() {
      parser = useRouter().parser;
      return null;
    }
    render(<ReadParser />);
    const routerScreen = (path: string) => screenTable.find((entry) => matchRoute(parser!, entry.path, path)[0])?.id;
    const paths = ['/', '', '/dashboard', '/Dashboard', '/projects/', '/projects/p1', '/projects/p1/study', '/projects/p1/x', '/projects//study', '/settings', `/${aTool.id}`, '/a/b', '//'];
    for (const path of paths) expect(screenAt(path)?.screen.id, path).toBe(routerScreen(path === '' ? '/' : path));
  });
});
