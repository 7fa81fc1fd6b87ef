/*
 * Settings: where answers come from and how the app looks. The backend
 * choice (sample, gateway, own key) and its connection test, the theme,
 * and deleting every stored key.
 *
 * Offers: the settings store and the theme (both in the dashboard's first
 * load), and loaders for what it does not need: the Settings page's own
 * sections, the backends' code (the providers, loaded when a request starts)
 * and deleting every stored key.
 */
export { effectiveSettings, useBackendSettings, useSettings } from './settingsState';
export { followTheme, useTheme } from './theme';

/** The Settings page's own sections (theme, backend, connection test); the page in src/app/pages adds the rest. */
export const loadSettingsForm = () => import('./Settings');
/** The backends' code: a request resolves the settings' backend when it starts. */
export const loadBackendHooks = () => import('./backendHooks');
/** Deleting every stored key, loaded when someone asks for it. */
export const loadDeleteAll = () => import('./deleteAll');
