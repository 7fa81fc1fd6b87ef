/*
 * Classes: a teacher's classes, assignments and live results, and a
 * student's joining and work. Nothing of it is in the first load: each
 * screen loads with its route, and only where sign-in is on.
 */

/** The class screens, in one chunk loaded with the first class route. */
export const loadClassScreens = () => import('./screens');
