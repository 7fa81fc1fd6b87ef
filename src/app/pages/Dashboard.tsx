import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { findTool, isTeacherTool, tools } from '../../kernel/catalogue';
import type { ToolMeta } from '../../kernel/defineTool';
import { groupByCategory } from '../../kernel/toolGroups';
import {
  categoryFilters,
  dashboardFilters,
  leavesOutRecentTools,
  SearchBox,
  useDashboardFilter,
  useToolSearch,
  type CategoryFilter,
  type DashboardFilter,
} from '../../features/find';
import { pinnedFirst, useFavourites, useRecentTools } from '../../features/favourites';
import { useProjects } from '../../features/projects';
import { YourAssignments } from '../../features/classes';
import { accountsConfig } from '../../kernel/backend/settings';
import { ToolCard } from './ToolCard';
import { tabAfterKey } from '../../ui/tabKeys';

// Cards due today: its code (the scheduler) loads only for someone with projects, after the tools are on screen.
// Through the study entry, loaded with the card: imported statically it would bring study code into the first load.
const DueToday = lazy(() => import('../../features/study').then((study) => study.loadDueToday()));

const TAB_LABELS: Record<DashboardFilter, string> = {
  all: 'All Tools',
  students: 'For Students',
  teachers: 'For Teachers',
};

/** All Tools shows every tool; For Teachers the teacher tools; For Students the rest. */
function matchesFilter(tool: ToolMeta, filter: DashboardFilter): boolean {
  return filter === 'all' || (filter === 'teachers') === isTeacherTool(tool);
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs and select them. */
function FilterTabs({ filter, onChange }: { filter: DashboardFilter; onChange(filter: DashboardFilter): void }) {
  function onKeyDown(event: React.KeyboardEvent<HTMLElement>) {
    const target = tabAfterKey(event.key, dashboardFilters.indexOf(filter), dashboardFilters.length);
    if (target === undefined) return;
    event.preventDefault();
    onChange(dashboardFilters[target] ?? 'all');
    // The tabs are the tablist's children, in the filters' order (no refs to keep: fewer bytes in the first load).
    (event.currentTarget.children[target] as HTMLElement | undefined)?.focus();
  }

  return (
    <div role="tablist" aria-label="Show tools for" className="tabs" onKeyDown={onKeyDown}>
      {dashboardFilters.map((f) => (
        <button
          key={f}
          type="button"
          role="tab"
          id={`tab-${f}`}
          aria-selected={f === filter}
          aria-controls="tool-panel"
          tabIndex={f === filter ? 0 : -1}
          className="tab"
          onClick={() => onChange(f)}
        >
          {TAB_LABELS[f]}
        </button>
      ))}
    </div>
  );
}

/** The category filter: combines with the tab; each category says how many of the tab's tools it holds. */
function CategorySelect({ inTab, category, onChange }: { inTab: readonly ToolMeta[]; category: CategoryFilter; onChange(category: CategoryFilter): void }) {
  return (
    <label className="category-filter">
      <span>Category</span>
      <select value={category} onChange={(e) => onChange(e.target.value as CategoryFilter)}>
        {categoryFilters.map((c) => {
          const count = c === 'all' ? inTab.length : inTab.filter((t) => t.category === c).length;
          return (
            <option key={c} value={c}>
              {c === 'all' ? 'All categories' : c} ({count})
            </option>
          );
        })}
      </select>
    </label>
  );
}

/**
 * Cards drawn in the first render: more than the catalogue's 51, so today's
 * dashboard draws in one go; a catalogue of hundreds draws its first screens
 * at once and the rest in a transition just after (the dashboard's scale target: 500 tools).
 */
const FIRST_RENDER_CARDS = 64;

/** The tab's tools under their categories, each a labelled list with its count. */
function ToolGroups({ list }: { list: readonly ToolMeta[] }) {
  const [complete, setComplete] = useState(list.length <= FIRST_RENDER_CARDS);
  useEffect(() => {
    if (!complete) startTransition(() => setComplete(true));
  }, [complete]);
  let room = complete ? list.length : FIRST_RENDER_CARDS;
  return groupByCategory(list).map(({ category, tools: inGroup }) => {
    if (room <= 0) return null;
    const drawn = inGroup.slice(0, room);
    room -= drawn.length;
    const headingId = `group-${category.replace(/\W+/g, '-').toLowerCase()}`;
    return (
      <section key={category} className="tool-group" aria-labelledby={headingId}>
        <h3 id={headingId} className="tool-group-title">
          {category} <span className="tool-group-count">({inGroup.length} {inGroup.length === 1 ? 'tool' : 'tools'})</span>
        </h3>
        <ul className="tool-grid" aria-labelledby={headingId}>
          {drawn.map((tool) => <ToolCard key={tool.id} tool={tool} />)}
        </ul>
      </section>
    );
  });
}

export function Dashboard() {
  // The five most recent tools, not the spec's list, where page visits take slots (see recentTools.ts).
  const recent = useRecentTools((s) => s.recentTools);
  const favouriteIds = useFavourites((s) => s.ids);
  const { filter, setFilter, category, setCategory } = useDashboardFilter();
  const [query, setQuery] = useState('');
  const inTab = tools.filter((t) => matchesFilter(t, filter));
  const inView = category === 'all' ? inTab : inTab.filter((t) => t.category === category);
  // Searched pinned tools first, as the sidebar and the palette list them: equal matches keep that order.
  const found = useToolSearch(pinnedFirst(inView, favouriteIds), query);
  const searching = query.trim() !== '';
  // Pinned tools come first, above the recent ones, in the order pinned.
  const favourites = favouriteIds.map(findTool).filter((t): t is ToolMeta => t !== undefined);

  useEffect(() => {
    useRecentTools.getState().recordVisit('dashboard');
  }, []);

  // A tool no longer in the catalogue is not shown; a pinned one is shown once, among the favourites.
  const recentTools = recent.map(findTool).filter((t): t is ToolMeta => t !== undefined && !favouriteIds.includes(t.id));
  const hasProjects = useProjects((s) => s.projects.length > 0);
  const recentIds = new Set(recentTools.map((t) => t.id));
  // Only the spec's main list (All Tools, every category) leaves out the recent tools listed just above it; a role's
  // tab or a category keeps each tool in its place (leavesOutRecentTools), and a search lists every match, best first.
  const shown = searching ? found : leavesOutRecentTools(filter, category, searching) ? inView.filter((t) => !recentIds.has(t.id)) : inView;

  return (
    <article className="page">
      <h1 className="page-title visually-hidden" tabIndex={-1}>Dashboard</h1>
      {/* Assignments exist only where sign-in is on: elsewhere their code is never asked for. */}
      {accountsConfig() && (
        <Suspense fallback={null}>
          <YourAssignments />
        </Suspense>
      )}
      {hasProjects && (
        <Suspense fallback={null}>
          <DueToday />
        </Suspense>
      )}
      {favourites.length > 0 && (
        <section aria-labelledby="favourites-heading" className="dashboard-section">
          <h2 id="favourites-heading" className="section-title">Favourites</h2>
          <ul className="tool-grid" aria-labelledby="favourites-heading">
            {favourites.map((tool) => <ToolCard key={tool.id} tool={tool} />)}
          </ul>
        </section>
      )}
      {recentTools.length > 0 && (
        <section aria-labelledby="recent-heading" className="dashboard-section">
          <h2 id="recent-heading" className="section-title">Recently Used</h2>
          <ul className="tool-grid" aria-labelledby="recent-heading">
            {recentTools.map((tool) => <ToolCard key={tool.id} tool={tool} />)}
          </ul>
        </section>
      )}
      {/* Its heading is for screen readers' outline: the category headings below it are its h3s. */}
      <section aria-labelledby="all-tools-heading" className="dashboard-section">
        <h2 id="all-tools-heading" className="visually-hidden">All tools</h2>
        <SearchBox label="Filter tools" placeholder="Filter tools..." value={query} onChange={setQuery} results={found} />
        <div className="dashboard-filters">
          <FilterTabs filter={filter} onChange={setFilter} />
          <CategorySelect inTab={inTab} category={category} onChange={setCategory} />
        </div>
        <div role="tabpanel" id="tool-panel" aria-labelledby={`tab-${filter}`}>
          {/* A search matching nothing says so under the filter box. */}
          {shown.length === 0 ? (
            !searching &&
            (inView.length === 0 ? (
              <p className="empty-state">No tools {TAB_LABELS[filter] === TAB_LABELS.all ? '' : `${TAB_LABELS[filter].toLowerCase()} `}in {category}.</p>
            ) : (
              <p className="empty-state">Every tool in this view is in your Recently Used list above.</p>
            ))
          ) : searching ? (
            <ul className="tool-grid" aria-label={TAB_LABELS[filter]}>
              {shown.map((tool) => <ToolCard key={tool.id} tool={tool} />)}
            </ul>
          ) : (
            // Keyed by the view: a tab or category chosen draws its first screen at once again.
            <ToolGroups key={`${filter}:${category}`} list={shown} />
          )}
        </div>
      </section>
    </article>
  );
}
