// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { isTeacherTool, tools } from '../../kernel/catalogue';
import { useDashboardFilter } from '../../features/find';
import { useRecentTools } from '../../features/favourites';
import { Dashboard } from './Dashboard';

/*
 * The dashboard's logic in jsdom, over the real catalogue the registry
 * plugin assembles: which tools Recently Used shows, and what each filter
 * tab lists.
 */

const cardsIn = (list: HTMLElement) => within(list).getAllByRole('listitem').length;
/** The tab panel's cards, across its category lists. */
const panelCards = () => cardsIn(screen.getByRole('tabpanel'));
const teacherCount = tools.filter(isTeacherTool).length;

beforeEach(() => {
  localStorage.clear();
  useRecentTools.setState({ recentTools: [] });
  useDashboardFilter.getState().setFilter('all');
  useDashboardFilter.getState().setCategory('all');
});
afterEach(cleanup);

describe('Dashboard', () => {
  it('lists every tool under All Tools, and splits them by role under the other tabs', async () => {
    const user = userEvent.setup();
    render(<Dashboard />);
    expect(screen.queryByRole('heading', { name: 'Recently Used' })).toBeNull();
    expect(panelCards()).toBe(tools.length);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('tab-all');
    await user.click(screen.getByRole('tab', { name: 'For Teachers' }));
    expect(panelCards()).toBe(teacherCount);
    await user.click(screen.getByRole('tab', { name: 'For Students' }));
    expect(panelCards()).toBe(tools.length - teacherCount);
    // The category filter narrows the tab to one labelled group.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Writing');
    const writing = tools.filter((t) => !isTeacherTool(t) && t.category === 'Writing').length;
    expect(panelCards()).toBe(writing);
    expect(screen.getByRole('list', { name: `Writing (${writing} tools)` })).toBeTruthy();
  });

  it('shows the five most recent tools, newest first, and takes them out of the list below', () => {
    const visited = tools.slice(0, 6).map((t) => t.id);
    for (const id of visited) useRecentTools.getState().recordVisit(id);
    render(<Dashboard />);
    const recent = screen.getByRole('list', { name: 'Recently Used' });
    const titles = within(recent).getAllByRole('link').map((link) => link.querySelector('.tool-card-title')?.textContent);
    const expected = visited.slice(1).reverse().map((id) => tools.find((t) => t.id === id)?.title);
    expect(titles).toEqual(expected);
    expect(within(recent).getAllByRole('link')[0]?.getAttribute('href')).toContain(visited[5]);
    // Visiting the dashboard itself takes none of the five slots.
    expect(cardsIn(recent)).toBe(5);
    expect(panelCards()).toBe(tools.length - 5);
  });

  it('keeps a recent tool in its category and its role\'s tab: only All Tools leaves it out', async () => {
    const user = userEvent.setup();
    const writingTool = tools.find((t) => !isTeacherTool(t) && t.category === 'Writing')!;
    useRecentTools.getState().recordVisit(writingTool.id);
    render(<Dashboard />);
    const inPanel = () => within(screen.getByRole('tabpanel')).queryAllByRole('link', { name: new RegExp(writingTool.title) });
    expect(inPanel()).toHaveLength(0);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Writing');
    expect(inPanel()).toHaveLength(1);
    const writing = tools.filter((t) => t.category === 'Writing').length;
    expect(screen.getByRole('list', { name: `Writing (${writing} tools)` })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'all');
    await user.click(screen.getByRole('tab', { name: 'For Students' }));
    expect(inPanel()).toHaveLength(1);
    expect(panelCards()).toBe(tools.length - teacherCount);
  });

  it('filters by need once the search index has loaded, recent tools included, and Enter opens the best match', async () => {
    const user = userEvent.setup();
    useRecentTools.getState().recordVisit('quiz-whiz');
    window.location.hash = '#/dashboard';
    render(
      <Router hook={useHashLocation}>
        <Dashboard />
      </Router>,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Filter tools' }), 'revise');
    const titles = () => within(screen.getByRole('list', { name: 'All Tools' })).getAllByRole('listitem').map((card) => card.querySelector('.tool-card-title')?.textContent);
    await waitFor(() => expect(titles().length).toBeGreaterThanOrEqual(3));
    // QuizWhiz was opened recently, and is still the first match: a search lists every tool that matches.
    expect(titles()[0]).toBe('QuizWhiz');
    expect(titles()).toEqual(expect.arrayContaining(['Flashcard Generator', 'StudyPlan AI', 'SmartNotes']));
    expect(screen.getByRole('status').textContent).toBe(`${titles().length} tools match`);
    await user.keyboard('{Enter}');
    expect(window.location.hash).toBe('#/quiz-whiz');
  });

  it('says so when nothing matches, and Enter then goes nowhere', async () => {
    const user = userEvent.setup();
    window.location.hash = '#/dashboard';
    render(
      <Router hook={useHashLocation}>
        <Dashboard />
      </Router>,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Filter tools' }), 'zzqqxx{Enter}');
    expect(screen.getByRole('status').textContent).toBe('No tool matches "zzqqxx".');
    expect(screen.queryByRole('list', { name: 'All Tools' })).toBeNull();
    expect(window.location.hash).toBe('#/dashboard');
  });

  it('ignores a recent id that is no longer in the catalogue', () => {
    useRecentTools.getState().recordVisit('a-tool-since-removed');
    useRecentTools.getState().recordVisit(tools[0]!.id);
    render(<Dashboard />);
    expect(cardsIn(screen.getByRole('list', { name: 'Recently Used' }))).toBe(1);
  });
});
