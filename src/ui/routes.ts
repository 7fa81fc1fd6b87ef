/*
 * The paths of the screens that messages and hints link to. App.tsx's route
 * table and the route preloader use these same constants, so a link made
 * here cannot point somewhere the router no longer serves.
 */
export const routes = {
  settings: '/settings',
} as const;

/** A link's href under the app's hash routing (spec 2: routing uses the URL hash). */
export function hrefTo(path: string): string {
  return `#${path}`;
}
