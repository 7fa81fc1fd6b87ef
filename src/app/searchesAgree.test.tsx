// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../kernel/catalogue';
import { Dashboard } from './pages/Dashboard';
import { loadCommandPalette, loadPaletteSearch, loadSearchIndex, useDashboardFilter } from '../features/find';
import { useFavourites, useRecentTools } from '../features/favourites';
import { Sidebar } from './shell/Sidebar';
import { palettePages } from './screenTable';

/*
 * The three search boxes (the sidebar search, the dashboard filter and the
 * command palette) are one search: the same query lists the same tools in the
 * same order in each, as a student sees them, over the real catalogue and the
 * search index the registry plugin generates. Before they shared one ranking,
 * "flaschard" found Flashcard Generator only in the palette, and "revise" and
 * "homework" found tools only in the sidebar.
 */

/** What students and teachers type: names, slips, subjects, needs, several words, odd input. */
const QUERIES = [
  'flaschard', 'revise', 'homework', 'biology', 'test',
  'flasc', 'rubrik', 'esay buddy', 'biolgy', 'chemestry',
  'quiz', 'notes', 'essay', 'exam', 'history',
  'science', 'writing', 'vocabulary', 'pomodoro', 'teacher',
  'math and science', 'biology homework', 'help with my biology homework', 'lesson plan', 'flashcard biolgy',
  'RÉSUMÉ', '  BIOLOGY  ', 'Revise', 'zzqqxx', '生物学',
];

const titleOf = new Map(tools.map((tool) => [tool.title, tool.id]));
const idsOf = (titles: readonly string[]) => titles.map((title) => titleOf.get(title) ?? `not a tool: ${title}`);

/** An element by selector; role queries are too slow for 34 searches over three full lists. */
function the(selector: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`Nothing on the page matches ${selector}.`);
  return element;
}

const sidebarSearch = () => the('nav[aria-label="Main"] input[aria-label="Search tools"]');

/** The sidebar's shown tool links, in the order on screen (matches are put in rank order in the DOM). */
function sidebarTools(): string[] {
  const links = the('nav[aria-label="Main"]').querySelectorAll<HTMLElement>('li[data-tool]:not([hidden])');
  return [...links].map((item) => item.dataset.tool ?? '');
}

/** The dashboard's cards under the tabs, in order. */
function dashboardTools(): string[] {
  const titles = the('[role="tabpanel"]').querySelectorAll('li .tool-card-title');
  return idsOf([...titles].map((title) => title.textContent ?? ''));
}

/** The palette's options that are tools (screens and projects may be listed among them), in order. */
function paletteTools(): string[] {
  const titles = [...the('[role="listbox"]').querySelectorAll('[role="option"] .palette-option-title')].map((title) => title.textContent ?? '');
  return idsOf(titles.filter((title) => titleOf.has(title)));
}

function type(box: HTMLElement, query: string): void {
  fireEvent.change(box, { target: { value: query } });
}

/** Types the query into all three boxes and reads the tools each lists. */
function searchEverywhere(query: string): { sidebar: string[]; dashboard: string[]; palette: string[]; paletteOptions: number } {
  type(sidebarSearch(), query);
  type(the('main input[aria-label="Filter tools"], input[aria-label="Filter tools"]'), query);
  type(the('input[role="combobox"]'), query);
  return { sidebar: sidebarTools(), dashboard: dashboardTools(), palette: paletteTools(), paletteOptions: document.querySelectorAll('[role="option"]').length };
}

const noop = () => undefined;

/* The palette, its limit and the search index, loaded as the palette loads them. */
let CommandPalette: Awaited<ReturnType<typeof loadCommandPalette>>['default'];
let MAX_RESULTS: number;
let searchTerms: Awaited<ReturnType<typeof loadSearchIndex>>['searchTerms'];

beforeAll(async () => {
  const [palette, paletteSearch, searchIndex] = await Promise.all([loadCommandPalette(), loadPaletteSearch(), loadSearchIndex()]);
  ({ default: CommandPalette } = palette);
  ({ MAX_RESULTS } = paletteSearch);
  ({ searchTerms } = searchIndex);
  // jsdom has the dialog element but not its modal API.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  localStorage.clear();
  useRecentTools.setState({ recentTools: [] });
  useDashboardFilter.getState().setFilter('all');
  useDashboardFilter.getState().setCategory('all');
  render(
    <>
      <Sidebar id="nav" open={false} onNavigate={noop} onClose={noop} />
      <Dashboard />
      <CommandPalette pages={palettePages} onClose={noop} />
    </>,
  );
  // The index loads when a search box takes focus; until then a search matches titles and descriptions only.
  fireEvent.focus(sidebarSearch());
  type(sidebarSearch(), 'biology');
  await waitFor(() => expect(sidebarTools().length).toBeGreaterThan(0), { timeout: 20_000 });
}, 60_000);

afterAll(cleanup);

// Generous timeouts: three full lists re-render on every query, on a shared 2-core machine.
describe('the sidebar search, the dashboard filter and the command palette (one page holding all three)', { timeout: 30_000 }, () => {
  it.each(QUERIES)('list the same tools in the same order for "%s"', (query) => {
    const { sidebar, dashboard, palette, paletteOptions } = searchEverywhere(query);
    expect(dashboard).toEqual(sidebar);
    // The palette shows at most MAX_RESULTS options: then its tools are the first of the same list.
    if (paletteOptions < MAX_RESULTS) expect(palette).toEqual(sidebar);
    else expect(palette).toEqual(sidebar.slice(0, palette.length));
  });

  it('find Flashcard Generator first for "flaschard", in every box', () => {
    const { sidebar, dashboard, palette } = searchEverywhere('flaschard');
    for (const found of [sidebar, dashboard, palette]) expect(found[0]).toBe('flashcard-generator');
  });

  it('find revision tools for "revise" and homework helpers for "homework", in every box', () => {
    const revise = searchEverywhere('revise');
    for (const found of [revise.sidebar, revise.dashboard, revise.palette]) {
      expect(found.slice(0, 3)).toEqual(expect.arrayContaining(['quiz-whiz', 'flashcard-generator']));
      for (const id of found) expect(searchTerms[id]?.keywords?.some((term: string) => term.startsWith('revis')), id).toBe(true);
    }
    const homework = searchEverywhere('homework');
    for (const found of [homework.sidebar, homework.dashboard, homework.palette]) {
      expect(found).toEqual(expect.arrayContaining(['math-mentor', 'assignment-deconstructor', 'doubt-bot']));
    }
  });

  it('keep agreeing with pinned tools, which come first among equal matches', () => {
    act(() => useFavourites.setState({ ids: ['textbook-buddy', 'smart-notes'] }));
    try {
      for (const query of ['biology', 'revise', 'notes', 'biolgy']) {
        const { sidebar, dashboard, palette } = searchEverywhere(query);
        expect(dashboard, query).toEqual(sidebar);
        expect(palette, query).toEqual(sidebar);
      }
    } finally {
      act(() => useFavourites.setState({ ids: [] }));
    }
  });

  it('show every tool for a blank query in the sidebar and the dashboard, and the palette its starting list', () => {
    const { sidebar, dashboard } = searchEverywhere('');
    expect(sidebar).toEqual(tools.map((tool) => tool.id));
    expect([...dashboard].sort()).toEqual(tools.map((tool) => tool.id).sort());
    expect(the('[role="listbox"]').getAttribute('aria-label')).toBe('Favourite and recent tools, and pages');
  });
});
