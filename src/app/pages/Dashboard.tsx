import { lazy, Suspense, useEffect, useRef } from 'react';
import { findTool, isTeacherTool, tools } from '../../engine/catalogue';
import type { ToolMeta } from '../../engine/defineTool';
import { dashboardFilters, useDashboardFilter, type DashboardFilter } from '../../state/dashboardFilter';
import { useProjects } from '../../state/projects';
import { useRecentTools } from '../../state/recentTools';
import { ToolCard } from '../ui/ToolCard';
import { tabAfterKey } from '../../ui/tabKeys';

// Cards due today: its code (the scheduler) loads only for someone with projects, after the tools are on screen.
const DueToday = lazy(() => import('./study/DueToday'));

const TAB_LABELS: Record<DashboardFilter, string> = {
  all: 'All Tools',
  students: 'For Students',
  teachers: 'For Teachers',
};

function matchesFilter(tool: ToolMeta, filter: DashboardFilter): boolean {
  if (filter === 'teachers') return isTeacherTool(tool);
  if (filter === 'students') return !isTeacherTool(tool);
  return true;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs and select them. */
function FilterTabs({ filter, onChange }: { filter: DashboardFilter; onChange(filter: DashboardFilter): void }) {
  const refs = useRef<Partial<Record<DashboardFilter, HTMLButtonElement | null>>>({});

  function onKeyDown(event: React.KeyboardEvent) {
    const target = tabAfterKey(event.key, dashboardFilters.indexOf(filter), dashboardFilters.length);
    if (target === undefined) return;
    event.preventDefault();
    const next = dashboardFilters[target] ?? 'all';
    onChange(next);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label="Show tools for" className="tabs" onKeyDown={onKeyDown}>
      {dashboardFilters.map((f) => (
        <button
          key={f}
          ref={(el) => {
            refs.current[f] = el;
          }}
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

  useEffect(() => {
    useRecentTools.getState().recordVisit('dashboard');
  }, []);

  // A tool no longer in the catalogue is not shown.
  const recentTools = recent.map(findTool).filter((t): t is ToolMeta => t !== undefined);
  const hasProjects = useProjects((s) => s.projects.length > 0);
  const recentIds = new Set(recentTools.map((t) => t.id));
  const shown = tools.filter((t) => matchesFilter(t, filter) && !recentIds.has(t.id));

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
        <FilterTabs filter={filter} onChange={setFilter} />
        <div role="tabpanel" id="tool-panel" aria-labelledby={`tab-${filter}`}>
          {shown.length === 0 ? (
            <p className="empty-state">Every tool in this view is in your Recently Used list above.</p>
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
