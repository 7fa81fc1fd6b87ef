import type { Hono } from 'hono';
import { updateMemberBody } from '../../src/kernel/classes/wire';
import type { StudyForgeDb } from '../database/database';
import type { ClassRouteDeps } from './deps';
import { changeClass } from './classView';
import { GUEST_ISSUER } from './retention';
import { checkedId, NotFoundError, parsedBody } from './door';
import { classBodyLimit, classHandler, signedIn } from './routeKit';

/*
 * A teacher's changes to one member: their group, or removing them. Removing
 * takes their work in this class with them (attempts and their answers,
 * generated and study work, help requests): every work row references the
 * membership and cascades from it, so it goes in the same statement and no
 * score or note of a pupil who left stays behind. An id that is not a
 * member of this class is "Not found.", like any other.
 */

/**
 * A guest account exists only to be in a class: once in none, it is removed
 * (its sessions with it), as the table owner, after the teacher's transaction.
 */
async function dropLoneGuest(db: StudyForgeDb, userId: string): Promise<void> {
  await db.system
    .deleteFrom('users')
    .where('id', '=', userId)
    .where('issuer', '=', GUEST_ISSUER)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('class_members').select('user_id').where('class_members.user_id', '=', userId))))
    .execute();
}

export function addMemberRoutes(app: Hono, deps: ClassRouteDeps): void {
  const { db, requireUser } = deps;

  app.patch(
    '/api/classes/:classId/members/:userId',
    requireUser,
    classBodyLimit,
    classHandler(async (c) => {
      const memberId = checkedId(c.req.param('userId'));
      const { group } = await parsedBody(c, updateMemberBody);
      const detail = await changeClass(db, signedIn(c), checkedId(c.req.param('classId')), async (trx, access) => {
        const changed = await trx
          .updateTable('class_members')
          .set({ group_name: group === null || group === '' ? null : group })
          .where('class_id', '=', access.classId)
          .where('user_id', '=', memberId)
          .executeTakeFirst();
        if (changed.numUpdatedRows === 0n) throw new NotFoundError();
      });
      return c.json(detail);
    }),
  );

  app.delete(
    '/api/classes/:classId/members/:userId',
    requireUser,
    classHandler(async (c) => {
      const memberId = checkedId(c.req.param('userId'));
      const detail = await changeClass(db, signedIn(c), checkedId(c.req.param('classId')), async (trx, access) => {
        const removed = await trx.deleteFrom('class_members').where('class_id', '=', access.classId).where('user_id', '=', memberId).executeTakeFirst();
        if (removed.numDeletedRows === 0n) throw new NotFoundError();
      });
      await dropLoneGuest(db, memberId);
      return c.json(detail);
    }),
  );
}
