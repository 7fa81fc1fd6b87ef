import { searchTerms } from 'virtual:studyforge/search-index';
import type { ToolMeta } from './defineTool';
import { rankTools } from './toolSearch';

/*
 * The search index (issue 21): every tool's subjects and keywords, with the
 * ranking that reads them. Imported only when someone starts searching (a
 * search box takes focus or is typed in), so neither is in the first load;
 * until it arrives, catalogue.ts's searchTools matches titles, descriptions
 * and categories.
 */

export { searchTerms };

/** The tools matching a query, best first, over titles, descriptions, categories, subjects and keywords. */
export function searchWithIndex<T extends ToolMeta>(list: readonly T[], query: string): readonly T[] {
  return rankTools(list, query, searchTerms);
}
