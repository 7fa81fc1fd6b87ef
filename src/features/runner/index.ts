/*
 * Runner: the generic tool page every tool runs in. The form and its
 * fields, Generate, the streaming preview, the result card, and the tool
 * sessions (a form's values, its answer and versions, kept per tool).
 *
 * Offers: the tool session's type and a loader for the tool page (the form
 * engine loads with the first tool page). The sessions store and the runner
 * stay out of this entry as values: the app imports it, and a re-exported
 * store or screen would ride into the dashboard's first load.
 */
export type { ToolSession } from './toolSessions';

/** The runner (the form, Generate, the result) and the sessions store, as the tool page loads them: for features that test inside it. */
export const loadToolRunner = () => import('./ToolRunner');
export const loadToolSessions = () => import('./toolSessions');
/** The tool page: the form engine, validation and the backend client. */
export const loadToolPage = () => import('./ToolPage');
