import './palette.css';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { tools } from '../../kernel/catalogue';
import { searchTerms } from './searchIndex';
import { paletteSearch, projectEntry, screenEntry, startingEntries, toolEntry, type PaletteEntry } from './paletteSearch';
import { pinnedFirst, useFavourites, useRecentTools } from '../favourites';
import { useProjects } from '../projects';
import { Icon } from '../../ui/Icon';

/*
 * The command palette: Ctrl+K or Cmd+K anywhere, or "/" where no
 * field has focus (AppShell), opens this modal dialog. It is an ARIA combobox
 * with a listbox: the text box keeps focus, the arrow keys move the active
 * option (aria-activedescendant), Enter opens it, Escape closes the dialog and
 * focus goes back where it was. Its code, the search index and the ranking
 * load on first use, never with the first screen. Its tools are ranked by the
 * ranking the sidebar search and the dashboard filter use, over the same list
 * (pinned tools first), so all three list the same tools in the same order.
 */

/** A page the palette offers: the app hands over the sidebar's pages (its screen table), by the names the sidebar and the header give them. */
export interface PalettePage {
  id: string;
  path: string;
  title: string;
  icon: string;
}

const kindLabel: Record<PaletteEntry['kind'], string> = { tool: 'Tool', screen: 'Page', project: 'Project' };

export default function CommandPalette({ pages, onClose }: { pages: readonly PalettePage[]; onClose(): void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [, navigate] = useLocation();
  const projects = useProjects((s) => s.projects);
  const recent = useRecentTools((s) => s.recentTools);
  const favourites = useFavourites((s) => s.ids);
  // The sidebar's order, pinned tools first: the ranking keeps a list's order among equal matches.
  const entries = useMemo(
    () => [...pinnedFirst(tools, favourites).map(toolEntry), ...pages.map(screenEntry), ...projects.map(projectEntry)],
    [pages, projects, favourites],
  );
  const search = useMemo(() => paletteSearch(entries, searchTerms), [entries]);
  const results = useMemo(
    () => (query.trim() === '' ? startingEntries(entries, favourites, recent) : search(query)),
    [query, entries, favourites, recent, search],
  );
  const shown = Math.min(active, Math.max(results.length - 1, 0));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // The active option stays in sight as the arrow keys move past the list's edge.
  useEffect(() => {
    document.getElementById(`${id}-option-${shown}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, shown]);

  function open(entry: PaletteEntry | undefined) {
    if (!entry) return;
    dialogRef.current?.close();
    navigate(entry.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((shown + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(results[shown]);
    }
  }

  const listId = `${id}-list`;
  const blank = query.trim() === '';
  return (
    <dialog ref={dialogRef} className="palette" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`} className="visually-hidden">Go to a tool, page or project</h2>
      <div className="palette-search">
        <Icon name="search" />
        <input
          type="text"
          role="combobox"
          aria-label="Search tools, pages and projects"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? `${id}-option-${shown}` : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          placeholder="Search tools, pages and projects"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul id={listId} role="listbox" aria-label={blank ? 'Favourite and recent tools, and pages' : 'Matches'} className="palette-list">
        {results.map((entry, index) => (
          <li
            key={entry.key}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === shown}
            className="palette-option"
            // The text box keeps focus: a click chooses without moving it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => open(entry)}
            onMouseMove={() => index !== shown && setActive(index)}
          >
            <Icon name={entry.icon} />
            <span className="palette-option-title">{entry.title}</span>
            <span className="palette-option-kind">{entry.kind === 'tool' ? entry.category : kindLabel[entry.kind]}</span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {blank ? '' : results.length === 0 ? 'No matches' : `${results.length} ${results.length === 1 ? 'match' : 'matches'}`}
      </p>
      {!blank && results.length === 0 && <p className="palette-empty">Nothing matches “{query.trim().slice(0, 64)}”.</p>}
      <p className="palette-hint" aria-hidden="true">
        <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
      </p>
    </dialog>
  );
}
