/*
 * What the accounts entry (index.ts) loads, in one chunk: the header's
 * corner, and the Account page's loader. One import named in the first load,
 * not two (each with its list of files), keeps the dashboard's bytes down.
 */
export { HeaderEntry } from './HeaderEntry';
export const loadAccountPage = () => import('./AccountPage').then((m) => m.AccountPage);
