/*
 * The privacy feature's Names section, loaded straight from its file rather
 * than through the privacy entry: that entry names the tool page's "what will
 * be sent" as a value, and a Settings page reaching it makes the bundler
 * split the tool page's shared code into more chunks (about 0.8 KB more on
 * every tool route). The one import of a feature's inside from the app, kept
 * here, until that entry offers the tool page's view on demand.
 */
export const loadNamesSettings = () => import('../../../features/privacy/NamesSettings');
