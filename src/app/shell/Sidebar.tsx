import { memo, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { searchTools, tools } from '../../engine/catalogue';
import type { ToolMeta } from '../../engine/defineTool';
import { Icon } from '../../ui/Icon';

/*
 * Every tool link is rendered once and hidden when it does not match, so a
 * keystroke re-renders only the links whose visibility changed: search stays
 * instant with hundreds of tools.
 */
const ToolLink = memo(function ToolLink({ tool, hidden, current, onNavigate }: { tool: ToolMeta; hidden: boolean; current: boolean; onNavigate(): void }) {
  return (
    <li hidden={hidden}>
      <Link href={`/${tool.id}`} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
        <Icon name={tool.icon} />
        <span>{tool.title}</span>
      </Link>
    </li>
  );
});

interface SidebarProps {
  id: string;
  open: boolean;
  onNavigate(): void;
  /** Closes the open menu (on a phone, where the menu covers the header's toggle). */
  onClose(): void;
}

export function Sidebar({ id, open, onNavigate, onClose }: SidebarProps) {
  const [query, setQuery] = useState('');
  const [location] = useLocation();
  const searchId = useId();
  const results = useMemo(() => searchTools(tools, query), [query]);
  const shown = useMemo(() => new Set(results.map((t) => t.id)), [results]);
  const current = (href: string) => (location === href ? 'page' : undefined);

  return (
    <nav id={id} className={open ? 'sidebar open' : 'sidebar'} aria-label="Main">
      {open && (
        // The menu covers the header's toggle on a phone: this is its visible, tappable close control,
        // first in the menu's Tab order where the toggle was (shown top right).
        <button type="button" className="menu-close button button-quiet" aria-expanded="true" aria-controls={id} onClick={onClose}>
          <Icon name="close" />
          <span className="visually-hidden">Close menu</span>
        </button>
      )}
      <Link href="/dashboard" className="logo" onClick={onNavigate}>
        <Icon name="school" className="logo-icon" />
        <span>StudyForge</span>
      </Link>
      <div className="sidebar-search">
        <label htmlFor={searchId} className="visually-hidden">Search tools</label>
        <Icon name="search" className="search-icon" />
        <input
          id={searchId}
          type="search"
          placeholder="Search tools..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
      </div>
      <ul className="sidebar-links">
        <li>
          <Link href="/dashboard" aria-current={current('/dashboard')} onClick={onNavigate}>
            <Icon name="dashboard" />
            <span>Dashboard</span>
          </Link>
        </li>
        <li>
          <Link href="/projects" aria-current={location.startsWith('/projects') ? 'page' : undefined} onClick={onNavigate}>
            <Icon name="folder" />
            <span>Projects</span>
          </Link>
        </li>
        <li>
          <Link href="/settings" aria-current={current('/settings')} onClick={onNavigate}>
            <Icon name="settings" />
            <span>Settings</span>
          </Link>
        </li>
      </ul>
      <h2 className="sidebar-heading" id={`${id}-tools`}>Tools</h2>
      <p className="visually-hidden" role="status">{query.trim() ? `${results.length} tools match` : ''}</p>
      {results.length === 0 && <p className="sidebar-empty">No tool matches "{query.trim()}".</p>}
      <ul className="sidebar-tools" aria-labelledby={`${id}-tools`} hidden={results.length === 0}>
        {tools.map((tool) => (
          <ToolLink key={tool.id} tool={tool} hidden={!shown.has(tool.id)} current={location === `/${tool.id}`} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}
