import { lazy } from 'react';

/*
 * Classes: a teacher's classes, assignments and live results, and a
 * student's joining and work. Nothing of it is in the first load: each
 * screen loads with its route, and only where sign-in is on.
 */

/** The class screens, in one chunk loaded with the first class route. */
export const loadClassScreens = () => import('./screens');

/**
 * The dashboard's "Your assignments", in a chunk of its own: the dashboard
 * draws it only where sign-in is on, and it shows nothing for someone
 * signed out or with no assignments.
 */
export const YourAssignments = lazy(() =>
  // Its code cannot arrive (offline): the dashboard goes on without it.
  import('./student/YourAssignments').catch(() => ({ default: () => null })),
);
