import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { addTeacherBody, CLASS_MESSAGES, createClassBody, updateClassBody } from '../../src/kernel/classes/wire';
import type { StudyForgeDb } from '../database/database';
import type { ClassRouteDeps } from './deps';
import { changeClass, detailFrom, myClasses, readClass, type ClassFacts } from './classView';
import { withFreshCode } from './codes';
import { checkedId, ClassRuleError, parsedBody, withClass, type ClassAccess } from './door';
import { deleteClass } from './retention';
import { classBodyLimit, classHandler, signedIn } from './routeKit';

/*
 * A teacher's classes: made, listed, read, renamed and set up, archived and
 * restored, deleted once archived, a new join code, another teacher added.
 * Everything but making and listing goes through the door (withClass), so
 * another teacher's class, or a student calling a teacher's route, is
 * "Not found." and nothing changes. Every change answers the class as its
 * teacher now sees it, so the screen never has to ask again.
 */

/** PostgreSQL's "insufficient privilege": studyforge_create_class refuses a person who is not a teacher. */
const NOT_ALLOWED = '42501';

/** A teacher's account found by address, as the table owner (a teacher cannot read other people's accounts). */
async function teacherByEmail(db: StudyForgeDb, email: string): Promise<string | undefined> {
  const row = await db.system
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('role', '=', 'teacher')
    .orderBy('last_active_at', 'desc')
    .executeTakeFirst();
  return row?.id;
}

export function addClassManagementRoutes(app: Hono, deps: ClassRouteDeps): void {
  const { db, requireUser, now } = deps;

  app.post(
    '/api/classes',
    requireUser,
    classBodyLimit,
    classHandler(async (c) => {
      const user = signedIn(c);
      if (user.role !== 'teacher') throw new ClassRuleError(403, CLASS_MESSAGES.teachersOnly);
      const body = await parsedBody(c, createClassBody);
      const classId = randomUUID();
      const created: ClassAccess = { classId, role: 'teacher', archived: false, groupName: null, displayName: null };
      let facts: ClassFacts;
      try {
        facts = await withFreshCode((code) =>
          db.asUser(user.id, async (trx) => {
            await sql`select studyforge_create_class(${classId}, ${body.name}, ${body.grade}, ${body.subject}, ${code}, ${body.allowNameJoin})`.execute(trx);
            return readClass(trx, created, user.id);
          }),
        );
      } catch (error) {
        // The account stopped being a teacher's after this session began: the database has the last word.
        if ((error as { code?: unknown }).code === NOT_ALLOWED) throw new ClassRuleError(403, CLASS_MESSAGES.teachersOnly);
        throw error;
      }
      return c.json(await detailFrom(db, facts));
    }),
  );

  app.get(
    '/api/classes',
    requireUser,
    classHandler(async (c) => c.json(await db.asUser(signedIn(c).id, myClasses))),
  );

  app.get(
    '/api/classes/:classId',
    requireUser,
    classHandler(async (c) => {
      const user = signedIn(c);
      const facts = await withClass(db, user, checkedId(c.req.param('classId')), 'either', (trx, access) => readClass(trx, access, user.id));
      return c.json(await detailFrom(db, facts));
    }),
  );

  app.patch(
    '/api/classes/:classId',
    requireUser,
    classBodyLimit,
    classHandler(async (c) => {
      const body = await parsedBody(c, updateClassBody);
      const { archived, ...settings } = body;
      const detail = await changeClass(
        db,
        signedIn(c),
        checkedId(c.req.param('classId')),
        async (trx, access) => {
          // An archived class takes two changes: being restored (with any other change sent alongside), and how
          // long it is kept before the retention pass deletes it, the one setting that matters while it is archived.
          const { retentionDays: _kept, ...classSettings } = settings;
          const changesSettings = Object.values(classSettings).some((value) => value !== undefined);
          if (access.archived && archived !== false && changesSettings) throw new ClassRuleError(423, CLASS_MESSAGES.archived);
          const archivedAt = archived === undefined || archived === access.archived ? {} : { archived_at: archived ? new Date(now()) : null };
          const changes = {
            ...(settings.name === undefined ? {} : { name: settings.name }),
            ...(settings.grade === undefined ? {} : { grade: settings.grade }),
            ...(settings.subject === undefined ? {} : { subject: settings.subject }),
            ...(settings.allowNameJoin === undefined ? {} : { allow_name_join: settings.allowNameJoin }),
            ...(settings.retentionDays === undefined ? {} : { retention_days: settings.retentionDays }),
            ...archivedAt,
          };
          if (Object.keys(changes).length > 0) await trx.updateTable('classes').set(changes).where('id', '=', access.classId).execute();
        },
        { writes: false },
      );
      return c.json(detail);
    }),
  );

  app.delete(
    '/api/classes/:classId',
    requireUser,
    classHandler(async (c) => {
      const classId = await withClass(db, signedIn(c), checkedId(c.req.param('classId')), 'teacher', async (_trx, access) => {
        // Archiving first is the teacher's second thought: a live class is never one click from gone.
        if (!access.archived) throw new ClassRuleError(409, CLASS_MESSAGES.archiveFirst);
        return access.classId;
      });
      return c.json({ deleted: await deleteClass(db, classId) });
    }),
  );

  app.post(
    '/api/classes/:classId/code',
    requireUser,
    classHandler(async (c) => {
      const user = signedIn(c);
      const classId = checkedId(c.req.param('classId'));
      // The old code is replaced in the row itself: from this commit on it names no class.
      const detail = await withFreshCode((code) =>
        changeClass(db, user, classId, async (trx, access) => {
          await trx.updateTable('classes').set({ join_code: code, code_expires_at: null }).where('id', '=', access.classId).execute();
        }),
      );
      return c.json(detail);
    }),
  );

  app.post(
    '/api/classes/:classId/teachers',
    requireUser,
    classBodyLimit,
    classHandler(async (c) => {
      const { email } = await parsedBody(c, addTeacherBody);
      const teacherId = await teacherByEmail(db, email);
      let found = true;
      // Through the door first, so a stranger's class answers "Not found." whether or not the address is a teacher's.
      const detail = await changeClass(db, signedIn(c), checkedId(c.req.param('classId')), async (trx, access) => {
        if (teacherId === undefined) {
          found = false;
          return;
        }
        await trx.insertInto('class_teachers').values({ class_id: access.classId, user_id: teacherId }).onConflict((conflict) => conflict.doNothing()).execute();
      });
      return found ? c.json(detail) : c.json({ error: CLASS_MESSAGES.noSuchTeacher }, 404);
    }),
  );
}
