import { hrefTo, routes } from '../../../ui/routes';
import { pathTo } from '../../../ui/paths';

/*
 * Where the student's screens send the browser, in one place so tests can
 * watch it (jsdom has no page loads).
 */

/** An in-app move: the router follows the hash. */
export function goTo(path: string): void {
  globalThis.location.hash = hrefTo(path);
}

/**
 * A new sign-in (a guest who joined by first name): the page loads afresh at
 * `path`, so every part of the app that asked who is signed in asks again and
 * shows the guest as signed in.
 */
export function reloadAt(path: string): void {
  globalThis.location.hash = hrefTo(path);
  globalThis.location.reload();
}

/** The path of a class, and of one of its assignments, as the screen table routes them. */
export const classPathOf = (classId: string) => pathTo(routes.class, { classId: encodeURIComponent(classId) });
export const assignmentPathOf = (classId: string, assignmentId: string) =>
  pathTo(routes.assignment, { classId: encodeURIComponent(classId), assignmentId: encodeURIComponent(assignmentId) });
export const joinPathOf = (code: string) => pathTo(routes.join, { code: encodeURIComponent(code) });
