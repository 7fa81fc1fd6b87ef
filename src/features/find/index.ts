/*
 * Find: finding a tool. One search index and one ranking (typo tolerance,
 * subjects, keywords) behind the sidebar search, the dashboard filter and
 * the command palette, so every search box finds the same tools in order.
 *
 * Offers: the search box and its hooks, the dashboard's filters, and a
 * loader for the command palette (it loads the first time it opens).
 */
export { SearchBox, useArrangeInOrder, useToolSearch } from './ToolSearch';
export { categoryFilters, dashboardFilters, leavesOutRecentTools, useDashboardFilter, type CategoryFilter, type DashboardFilter } from './dashboardFilter';

/** The command palette and its fuzzy matcher, loaded the first time someone opens it. */
export const loadCommandPalette = () => import('./CommandPalette');
/** The palette's ranking and its limit, and the search index, as the palette loads them: for tests across the search boxes. */
export const loadPaletteSearch = () => import('./paletteSearch');
export const loadSearchIndex = () => import('./searchIndex');
