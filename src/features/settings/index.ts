/*
 * Settings: where answers come from and how the app looks. The backend
 * choice (sample, gateway, own key) and its connection test, the theme,
 * and deleting or exporting all data.
 *
 * Offers: the settings store and the theme (both in the dashboard's first
 * load), and loaders for what it does not need: the Settings page, the
 * backends' code (the providers, loaded when a request starts) and deleting
 * or exporting all data.
 */
export { effectiveSettings, useBackendSettings, useSettings } from './settingsState';
export { followTheme, useTheme } from './theme';

/** The Settings page. */
export const loadSettingsPage = () => import('./Settings');
/** The backends' code: a request resolves the settings' backend when it starts. */
export const loadBackendHooks = () => import('./backendHooks');
/** Deleting every stored key and the all-projects file, loaded when someone asks for either. */
export const loadDeleteAll = () => import('./deleteAll');
