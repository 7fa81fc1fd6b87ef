import { memo, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { tools } from '../../engine/catalogue';
import type { ToolMeta } from '../../engine/defineTool';
import { Icon } from '../../ui/Icon';
import { routes } from '../../ui/routes';
import { pinnedFirst, useFavourites } from '../../state/favourites';
import { FavouriteStar } from '../ui/FavouriteStar';
import { SearchBox, useToolSearch } from '../ui/ToolSearch';

/*
 * Every tool link is rendered once and hidden when it does not match, so a
 * keystroke re-renders only the links whose visibility changed: search stays
 * instant with hundreds of tools. Matches are listed best first by filling
 * the places the matching links hold with them in rank order, so React moves
 * only matching links and every other link stays where it is.
 */
const ToolLink = memo(function ToolLink({ tool, hidden, current, onNavigate }: { tool: ToolMeta; hidden: boolean; current: boolean; onNavigate(): void }) {
  return (
    <li hidden={hidden}>
      <Link href={`/${tool.id}`} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
        <Icon name={tool.icon} />
        <span>{tool.title}</span>
      </Link>
      {/* Out of the Tab order: 51 more stops would bury the links; the tool page's own star is the keyboard's way (issue 20). */}
      <FavouriteStar tool={tool} className="sidebar-star" focusable={false} />
    </li>
  );
});

/**
 * The app's own pages: [route, icon, name]. A page is current on its route and beneath it (a project's page is under Projects).
 * Settings takes its path from ui/routes.ts, as the router does, so the link follows the route if it moves.
 */
const PAGES = [
  ['/dashboard', 'dashboard', 'Dashboard'],
  ['/projects', 'folder', 'Projects'],
  [routes.settings, 'settings', 'Settings'],
] as const;

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
  // Pinned tools first, in the order pinned (issue 20); the rest as the catalogue lists them.
  const favourites = useFavourites((s) => s.ids);
  const ordered = useMemo(() => pinnedFirst(tools, favourites), [favourites]);
  const results = useToolSearch(ordered, query);
  const shown = new Set(results);
  let next = 0;

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
      <SearchBox label="Search tools" placeholder="Search tools..." value={query} onChange={setQuery} results={results} onOpen={onNavigate} />
      <ul className="sidebar-links">
        {PAGES.map(([path, icon, name]) => (
          <li key={path}>
            <Link href={path} aria-current={location === path || location.startsWith(`${path}/`) ? 'page' : undefined} onClick={onNavigate}>
              <Icon name={icon} />
              <span>{name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="sidebar-heading" id={`${id}-tools`}>Tools</h2>
      <ul className="sidebar-tools" aria-labelledby={`${id}-tools`} hidden={results.length === 0}>
        {ordered.map((place) => {
          // A place a match holds gets the next match in rank order; the rest stay hidden where they are.
          const match = shown.has(place);
          const tool = match ? (results[next++] as ToolMeta) : place;
          return <ToolLink key={tool.id} tool={tool} hidden={!match} current={location === `/${tool.id}`} onNavigate={onNavigate} />;
        })}
      </ul>
    </nav>
  );
}
