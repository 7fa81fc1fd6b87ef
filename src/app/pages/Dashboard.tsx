import { lazy, Suspense, useEffect, useState } from 'react';
import { findTool, isTeacherTool, tools } from '../../engine/catalogue';
import type { ToolMeta } from '../../engine/defineTool';
import { dashboardFilters, useDashboardFilter, type DashboardFilter } from '../../state/dashboardFilter';
import { useProjects } from '../../state/projects';
import { useRecentTools } from '../../state/recentTools';
import { ToolCard } from '../ui/ToolCard';
import { SearchBox, useToolSearch } from '../ui/ToolSearch';
import { tabAfterKey } from '../../ui/tabKeys';

// Cards due today: its code (the scheduler) loads only for someone with projects, after the tools are on screen.
const DueToday = lazy(() => import('./study/DueToday'));

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
    // The tabs are the tablist's children, in the filters' order (no refs to keep: fewer bytes in the first load, issue 19).
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

export function Dashboard() {
  // The five most recent tools, not the spec's list, where page visits take slots (see recentTools.ts).
  const recent = useRecentTools((s) => s.recentTools);
  const { filter, setFilter } = useDashboardFilter();
  const [query, setQuery] = useState('');
  const inView = tools.filter((t) => matchesFilter(t, filter));
  const found = useToolSearch(inView, query);
  const searching = query.trim() !== '';

  useEffect(() => {
    useRecentTools.getState().recordVisit('dashboard');
  }, []);

  // A tool no longer in the catalogue is not shown.
  const recentTools = recent.map(findTool).filter((t): t is ToolMeta => t !== undefined);
  const hasProjects = useProjects((s) => s.projects.length > 0);
  const recentIds = new Set(recentTools.map((t) => t.id));
  // While filtering, every matching tool is listed, best first, recent ones included: a match must not hide above.
  const shown = searching ? found : inView.filter((t) => !recentIds.has(t.id));

  return (
    <article className="page">
      <h1 className="page-title visually-hidden" tabIndex={-1}>Dashboard</h1>
      {hasProjects && (
        <Suspense fallback={null}>
          <DueToday />
        </Suspense>
      )}
      {recentTools.length > 0 && (
        <section aria-labelledby="recent-heading" className="dashboard-section">
          <h2 id="recent-heading" className="section-title">Recently Used</h2>
          <ul className="tool-grid" aria-labelledby="recent-heading">
            {recentTools.map((tool) => <ToolCard key={tool.id} tool={tool} />)}
          </ul>
        </section>
      )}
      <section aria-label="All tools" className="dashboard-section">
        <SearchBox label="Filter tools" placeholder="Filter tools..." value={query} onChange={setQuery} results={found} />
        <FilterTabs filter={filter} onChange={setFilter} />
        <div role="tabpanel" id="tool-panel" aria-labelledby={`tab-${filter}`}>
          {/* A search matching nothing says so under the filter box. */}
          {shown.length === 0 ? (
            !searching && <p className="empty-state">Every tool in this view is in your Recently Used list above.</p>
          ) : (
            <ul className="tool-grid" aria-label={TAB_LABELS[filter]}>
              {shown.map((tool) => <ToolCard key={tool.id} tool={tool} />)}
            </ul>
          )}
        </div>
      </section>
    </article>
  );
}
