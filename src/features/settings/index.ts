/*
 * Settings: where answers come from and how the app looks. The backend
 * choice (sample, gateway, own key) and its connection test, the theme,
 * and deleting or exporting all data.
 *
 * Offers: the settings store and the backend it resolves to, the theme,
 * the all-projects export file, and loaders for the Settings page and the
 * backends' code (loaded when a request starts).
 */
export { effectiveSettings, useBackendSettings, useSettings } from './settingsState';
export { useBackend } from './backendHooks';
export { followTheme, useTheme } from './theme';
export { allProjectsExportJson, allProjectsFileName } from './deleteAll';

/** The Settings page. */
export const loadSettingsPage = () => import('./Settings');
/** The backends' code: a request resolves the settings' backend when it starts. */
export const loadBackendHooks = () => import('./backendHooks');
/** Deleting every stored key, loaded when someone confirms it. */
export const loadDeleteAll = () => import('./deleteAll');
