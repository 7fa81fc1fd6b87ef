// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findTool } from '../kernel/catalogue';
import { useProjects } from '../features/projects';
import { App } from './App';
import { screenAt, screenTable } from './screenTable';
import { routes } from '../ui/routes';
import { pathTo } from '../ui/paths';

/*
 * Every list said once: the links a page renders are made from the screen
 * paths (ui/routes.ts, which the screen table reads), so each one leads to a
 * screen the table names, and a renamed route cannot leave a link behind
 * pointing at "Page not found" (a one-segment path no screen takes is read
 * as a tool's id).
 */

function showApp(path: string) {
  window.location.hash = `#${path}`;
  return render(<App />);
}

/** The in-app links on the page, as the router reads them. */
function appLinks(): string[] {
  return [...document.querySelectorAll('a[href^="#/"]')].map((link) => link.getAttribute('href')!.slice(1));
}

/** Where a link leads: the screen's id, or why it leads nowhere. */
function destination(path: string): string {
  const found = screenAt(path);
  if (!found) return `no screen at ${path}`;
  if (found.screen.id === 'tool' && !findTool(found.params.toolId ?? '')) return `no tool at ${path}`;
  return found.screen.id;
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the links each page renders', () => {
  it('take every screen path from one place: the screen table reads ui/routes.ts', () => {
    expect(screenTable.map((entry) => entry.path)).toEqual(Object.values(routes));
    expect(pathTo('/a/:projectId/b', { projectId: 'proj_1' })).toBe('/a/proj_1/b');
  });

  it.each([
    ['the landing page', routes.landing, 'Study smarter'],
    ['the dashboard', routes.dashboard, 'Dashboard'],
    ['the projects page', routes.projects, 'Projects'],
    ['a project\u2019s study screen', '/projects/:id/study', 'Study'],
    ['"Page not found"', '/no-such-screen', 'Page not found'],
  ])('lead to a screen the table names, on %s', async (_name, route, heading) => {
    const project = useProjects.getState().createProject('Biology');
    showApp(route.replace(':id', project.id));
    await waitFor(() => expect(within(document.body).getAllByRole('heading', { level: 1 })[0]?.textContent).toContain(heading), { timeout: 10_000 });
    const links = appLinks();
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(destination(link), link).not.toMatch(/^no /);
    expect(screen.queryByText('Page not found') === null || route === '/no-such-screen').toBe(true);
  });
});
