/*
 * Favourites: the tools a person pins and the ones they used last, kept in
 * browser storage and followed across tabs.
 *
 * Offers: the favourites and recent-tools stores, pinned-first ordering,
 * and the star that pins a tool.
 */
export { pinnedFirst, useFavourites } from './favourites';
export { useRecentTools } from './recentTools';
export { FavouriteStar } from './FavouriteStar';
