/*
 * What a ranked search needs, in one chunk loaded when a search box takes
 * focus or is typed in (ToolSearch.tsx): the search index's ranking, and
 * arrangeInOrder, which puts the sidebar's links in that rank order with the
 * fewest DOM moves. Neither is in the first load.
 */
export { searchWithIndex } from './searchIndex';
export { arrangeInOrder } from './arrangeInOrder';
