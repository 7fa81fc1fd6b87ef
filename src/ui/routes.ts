/*
 * The paths of the app's screens and the names its pages go by, said once. The
 * screen table (app/screenTable.ts) takes every route and page name from here,
 * and every link in the app, in a feature as in the shell, is made from these,
 * so a renamed route or page changes in this file and nowhere else. Here, not
 * in the app, because features link to screens and may not import the app.
 */
export const routes = {
  landing: '/',
  dashboard: '/dashboard',
  projects: '/projects',
  project: '/projects/:projectId',
  study: '/projects/:projectId/study',
  settings: '/settings',
  /** Only reachable from the header when the gateway has sign-in on. */
  account: '/account',
  /** Signed in: a teacher's classes, or the classes a student belongs to. */
  classes: '/classes',
  class: '/classes/:classId',
  assignment: '/classes/:classId/assignments/:assignmentId',
  /** Where a class's link and QR code lead. */
  join: '/join/:code',
  /** Where a code read off the board is typed. */
  joinForm: '/join',
  // Last in the router's order: any one-segment path no screen above took is a tool's.
  tool: '/:toolId',
} as const;

/** The names the sidebar, the header and the palette give the pages, which links to them repeat. */
export const pageNames = {
  dashboard: 'Dashboard',
  projects: 'Projects',
  settings: 'Settings',
} as const;

/** A link's href under the app's hash routing (spec 2: routing uses the URL hash). */
export function hrefTo(path: string): string {
  return `#${path}`;
}
