import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { searchTools, tools } from '../../engine/catalogue';
import { Icon } from '../../ui/Icon';

export function Sidebar({ id, open, onNavigate }: { id: string; open: boolean; onNavigate(): void }) {
  const [query, setQuery] = useState('');
  const [location] = useLocation();
  const searchId = useId();
  const results = searchTools(tools, query);
  const current = (href: string) => (location === href ? 'page' : undefined);

  return (
    <nav id={id} className={open ? 'sidebar open' : 'sidebar'} aria-label="Main">
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
      {results.length === 0 ? (
        <p className="sidebar-empty">No tool matches "{query.trim()}".</p>
      ) : (
        <ul className="sidebar-tools" aria-labelledby={`${id}-tools`}>
          {results.map((tool) => (
            <li key={tool.id}>
              <Link href={`/${tool.id}`} aria-current={current(`/${tool.id}`)} onClick={onNavigate}>
                <Icon name={tool.icon} />
                <span>{tool.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
