import { searchTerms } from 'virtual:studyforge/search-index';
import { tools } from '../../kernel/catalogue';
import type { ToolMeta } from '../../kernel/defineTool';
import { rankTools } from './toolSearch';

/*
 * The search index: every tool's subjects and keywords, with the one ranking
 * that reads them (toolSearch.ts), for the sidebar search, the dashboard
 * filter and the command palette alike. Imported only when someone starts
 * searching (a search box takes focus or is typed in, or the palette opens),
 * so neither is in the first load; until it arrives, catalogue.ts's
 * searchTools matches titles, descriptions and categories.
 */

export { searchTerms };

/**
 * The tools of `list` matching a query, best first, over titles, descriptions, categories, subjects and keywords.
 * Slips are read over the whole catalogue, so a tab or category of it ranks its tools as the whole list does.
 */
export function searchWithIndex<T extends ToolMeta>(list: readonly T[], query: string): readonly T[] {
  return rankTools(list, query, searchTerms, tools);
}
