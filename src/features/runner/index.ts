/*
 * Runner: the generic tool page every tool runs in. The form and its
 * fields, Generate, the streaming preview, the result card, and the tool
 * sessions (a form's values, its answer and versions, kept per tool).
 *
 * Offers: the tool route, the tool sessions store, the runner itself (for
 * features that test inside it), and a loader for the tool page (the form
 * engine loads with the first tool page).
 */
export { ToolRoute } from './ToolRoute';
export { ToolRunner } from './ToolRunner';
export { useToolSessions, type ToolSession } from './toolSessions';

/** The tool page: the form engine, validation and the backend client. */
export const loadToolPage = () => import('./ToolPage');
