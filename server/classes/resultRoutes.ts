import type { Context, Hono } from 'hono';
import type { ClassRouteDeps } from './deps';
import { withAssignment } from './door';
import { classResults } from './results';
import { classHandler, signedIn } from './routeKit';

/*
 * GET /api/classes/:classId/results?assignment=<id> -> ClassResults, for the
 * class's teachers only: anyone else (a student of the class, a teacher of
 * another) gets the door's "Not found.", as for a class that does not exist.
 */

/** The `assignment` query parameter (the door checks its form: anything else is not found). */
export const assignmentParam = (c: Context): string => c.req.query('assignment') ?? '';

export function addResultRoutes(app: Hono, deps: ClassRouteDeps): void {
  app.get(
    '/api/classes/:classId/results',
    deps.requireUser,
    classHandler(async (c) => {
      const results = await withAssignment(deps.db, signedIn(c), c.req.param('classId') ?? '', assignmentParam(c), 'teacher', classResults);
      return c.json(results, 200, { 'Cache-Control': 'no-store' });
    }),
  );
}
