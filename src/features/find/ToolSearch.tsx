import { useLocation } from 'wouter';
import { create } from 'zustand';
import { searchTools } from '../../kernel/catalogue';
import type { ToolMeta } from '../../kernel/defineTool';
import { Icon } from '../../ui/Icon';

/*
 * Search by need, shared by the sidebar search and the dashboard filter; the
 * command palette ranks its tools with the same ranking over the same index
 * (features/find/toolSearch.ts), so all three list the same tools in the same order.
 * The search index (subjects, keywords and the ranking) is a chunk of
 * its own (ranking.ts), loaded when a search box takes focus or is typed in,
 * so the first load does not grow with it; until it arrives, searchTools
 * matches titles, descriptions and categories, in the list's order.
 */

type Search = <T extends ToolMeta>(list: readonly T[], query: string) => readonly T[];
type Arrange = typeof import('./ranking').arrangeInOrder;

/**
 * The search in use: titles, descriptions and categories until the index has loaded, then the index's; and,
 * with the index, what puts a list's items in its rank order cheaply (the fallback keeps the list's order).
 */
const useSearch = create<{ search: Search; arrange?: Arrange }>(() => ({ search: searchTools }));
let loading: Promise<unknown> | undefined;

/** Starts loading the search index once; a failed load (offline) is tried again on the next focus or keystroke. */
export function loadSearchIndex(): void {
  loading ??= import('./ranking').then(
    (ranking) => useSearch.setState({ search: ranking.searchWithIndex, arrange: ranking.arrangeInOrder }),
    () => (loading = undefined),
  );
}

/** arrangeInOrder once the ranking has loaded; undefined before, when no search reorders a list. */
export const useArrangeInOrder = () => useSearch((s) => s.arrange);

/**
 * The tools of `list` matching `query`, best first once the index is there; the whole list for a blank query.
 * Worked out on each render, not memoised: a search over every tool takes well under a millisecond, and the
 * hook is in the first load, which is held to its size budget.
 */
export function useToolSearch<T extends ToolMeta>(list: readonly T[], query: string): readonly T[] {
  return useSearch((s) => s.search)(list, query);
}

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** What the query matches, best first: counted for screen readers, and Enter opens the first. */
  results: readonly ToolMeta[];
  /** Called after Enter opened a tool (the sidebar closes the phone menu). */
  onOpen?(): void;
}

/** A labelled search field (its name read out, the placeholder shown): typing searches, Enter opens the first match's page. */
export function SearchBox({ label, placeholder, value, onChange, results, onOpen }: SearchBoxProps) {
  const [, navigate] = useLocation();
  const query = value.trim();
  return (
    // Enter submits the form, so it opens the first match; unlike a keydown handler, never while an input method is composing text.
    <form
      className="search-box"
      onSubmit={(e) => {
        e.preventDefault();
        if (!query || !results[0]) return;
        navigate(`/${results[0].id}`);
        onOpen?.();
      }}
    >
      <Icon name="search" className="search-icon" />
      <input
        aria-label={label}
        type="search"
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        onFocus={loadSearchIndex}
        onChange={(e) => {
          loadSearchIndex();
          onChange(e.target.value);
        }}
      />
      {/* One line for both: read out as the count changes, and shown when nothing matches. */}
      <p className={results.length ? 'visually-hidden' : 'search-empty'} role="status">
        {query && (results.length ? `${results.length} tools match` : `No tool matches "${query}".`)}
      </p>
    </form>
  );
}
