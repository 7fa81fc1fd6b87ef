import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { tools } from '../../kernel/catalogue';
import type { ToolMeta } from '../../kernel/defineTool';
import { Icon } from '../../ui/Icon';
import { FavouriteStar, pinnedFirst, useFavourites } from '../../features/favourites';
import { pageAt, pageScreens, screenPath } from '../screenTable';
import { SearchBox, useArrangeInOrder, useToolSearch } from '../../features/find';

/*
 * Every tool link is rendered once, in the list's order, and hidden when it
 * does not match, so a keystroke re-renders only the items whose visibility
 * changed (and then only their <li>: the link inside is memoised apart).
 * React never reorders them for a search: the matches are put in rank order
 * in the DOM, before the paint, by arrangeInOrder (ui/arrangeInOrder.ts),
 * which moves only the links out of order. Leaving that to React's keyed
 * reordering moved nearly every link on most keystrokes at 551 tools, and the
 * moves were most of a keystroke's cost (npm run bench: 10.7 ms).
 */
const ToolLink = memo(function ToolLink({ tool, current, onNavigate }: { tool: ToolMeta; current: boolean; onNavigate(): void }) {
  return (
    <>
      <Link href={`/${tool.id}`} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
        <Icon name={tool.icon} />
        <span>{tool.title}</span>
      </Link>
      {/* Out of the Tab order: 51 more stops would bury the links; the tool page's own star is the keyboard's way. */}
      <FavouriteStar tool={tool} className="sidebar-star" focusable={false} />
    </>
  );
});

const ToolItem = memo(function ToolItem({ tool, hidden, current, onNavigate }: { tool: ToolMeta; hidden: boolean; current: boolean; onNavigate(): void }) {
  return (
    <li hidden={hidden} data-tool={tool.id}>
      <ToolLink tool={tool} current={current} onNavigate={onNavigate} />
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
  // The app's own pages (screenTable.ts): one is current on its route and beneath it, and the header names it.
  const currentPage = pageAt(location);
  // Pinned tools first, in the order pinned; the rest as the catalogue lists them.
  const favourites = useFavourites((s) => s.ids);
  const ordered = useMemo(() => pinnedFirst(tools, favourites), [favourites]);
  const results = useToolSearch(ordered, query);
  const shown = new Set(results);
  const list = useRef<HTMLUListElement>(null);
  // Comes with the ranking: until then, the matches are in the list's order, as React renders them.
  const arrange = useArrangeInOrder();
  // Before the browser paints: the matches in rank order (for a blank query, the list's order). After each
  // render, so also after React itself moved links for a new pin: this puts the matches back in order.
  useLayoutEffect(() => {
    if (arrange && list.current) arrange(list.current, results);
  }, [arrange, results]);

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
      <Link href={screenPath.dashboard} className="logo" onClick={onNavigate}>
        <Icon name="school" className="logo-icon" />
        <span>StudyForge</span>
      </Link>
      <SearchBox label="Search tools" placeholder="Search tools..." value={query} onChange={setQuery} results={results} onOpen={onNavigate} />
      <ul className="sidebar-links">
        {pageScreens.map((screen) => (
          <li key={screen.id}>
            <Link href={screen.path} aria-current={screen === currentPage ? 'page' : undefined} onClick={onNavigate}>
              <Icon name={screen.page.icon} />
              <span>{screen.page.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="sidebar-heading" id={`${id}-tools`}>Tools</h2>
      <ul ref={list} className="sidebar-tools" aria-labelledby={`${id}-tools`} hidden={results.length === 0}>
        {ordered.map((tool) => (
          <ToolItem key={tool.id} tool={tool} hidden={!shown.has(tool)} current={location === `/${tool.id}`} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}
