import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { SessionUser } from '../accounts/currentUser';
import { announceClass } from './classEvents';
import type { ClassRouteDeps } from './deps';
import { parsedBody, withAssignment, type AssignmentAccess, type ClassTransaction } from './door';
import { classBodyLimit, classHandler, signedIn } from './routeKit';

/*
 * A member's own work on an assignment (an attempt, an answer, progress, a
 * request for help) is written the same way every time: the body parsed
 * with its wire schema before anything is read, the change made as the
 * student inside the door (which refuses anyone but a member, and an
 * assignment not open yet or closed), and the teacher's live view told
 * once the transaction has committed, only when something changed.
 */

/** The path's class and assignment. */
export function assignmentParams(c: Context): { classId: string; assignmentId: string } {
  return { classId: c.req.param('classId') ?? '', assignmentId: c.req.param('assignmentId') ?? '' };
}

/** Runs `fn` as the signed-in member, writing to the path's assignment. */
export function asMemberWriting<T>(deps: ClassRouteDeps, c: Context, fn: (trx: ClassTransaction, access: AssignmentAccess) => Promise<T>): Promise<T> {
  const { classId, assignmentId } = assignmentParams(c);
  return withAssignment(deps.db, signedIn(c), classId, assignmentId, 'member', fn, { writes: true, now: deps.now });
}

/** Tells the teachers' live views of the path's class that this assignment's work changed. */
export function announceChange(deps: ClassRouteDeps, c: Context): Promise<void> {
  const { classId, assignmentId } = assignmentParams(c);
  return announceClass(deps.db, classId, assignmentId);
}

export interface MemberChange<R> {
  reply: R;
  /** Whether anything was stored (a request sent again changes nothing, and tells no one). */
  changed: boolean;
}

export interface MemberWrite<B> {
  body: B;
  user: SessionUser;
  trx: ClassTransaction;
  access: AssignmentAccess;
  /** A path parameter beyond the class and the assignment (e.g. the attempt id), unchecked. */
  param(name: string): string | undefined;
}

/** A POST route of a member's work on an assignment. */
export function addMemberWrite<S extends z.ZodType, R extends object>(app: Hono, deps: ClassRouteDeps, path: string, schema: S, write: (input: MemberWrite<z.output<S>>) => Promise<MemberChange<R>>): void {
  app.post(
    path,
    deps.requireUser,
    classBodyLimit,
    classHandler(async (c) => {
      const body = await parsedBody(c, schema);
      const user = signedIn(c);
      const { reply, changed } = await asMemberWriting(deps, c, (trx, access) => write({ body, user, trx, access, param: (name) => c.req.param(name) }));
      if (changed) await announceChange(deps, c);
      return c.json(reply);
    }),
  );
}
