import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { startRetention } from '../accounts/retention';
import type { StudyForgeDb } from '../database/database';
import { CLASS_TABLES } from '../database/schema';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { deleteClass, GUEST_ISSUER, purgeArchivedClasses } from './retention';
import { addStudentWork, classRowCounts, classSnapshot, fillClass } from './testing/classRows';
import { addWorldPerson, joinAs, type WorldPerson } from './testing/classPeople';

/*
 * A class's end, counted row by row: deleting it removes every row of it
 * from every class table and the guest accounts that existed only for it,
 * and nothing of another class or of anyone's account. Archived classes go
 * in the daily retention pass once their retention period has passed.
 */

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-27T12:00:00.000Z');

/** A student who joined with the code and a first name only: an account of our own, no email, no provider. */
async function addGuest(db: StudyForgeDb, firstName: string): Promise<WorldPerson> {
  const id = `guest-${randomUUID()}`;
  await db.system.insertInto('users').values({ id, issuer: GUEST_ISSUER, subject: randomUUID(), email: null, name: firstName, role: 'student' }).execute();
  return { id, name: firstName, email: '', role: 'student', cookieValue: '', csrfToken: '' };
}

async function usersThere(db: StudyForgeDb, people: WorldPerson[]): Promise<string[]> {
  const rows = await db.system.selectFrom('users').select('id').where('id', 'in', people.map((person) => person.id)).execute();
  return rows.map((row) => row.id).sort();
}

const noRows = Object.fromEntries(CLASS_TABLES.map((table) => [table, 0]));

async function archive(db: StudyForgeDb, classId: string, daysAgo: number, retentionDays: number): Promise<void> {
  await db.system.updateTable('classes').set({ archived_at: new Date(NOW - daysAgo * DAY), retention_days: retentionDays }).where('id', '=', classId).execute();
}

describeOnBothDatabases('deleting a class', (open) => {
  it('deletes every row of the class, counted per table, and the guests who belonged to it alone; nothing else', async () => {
    const db = await open();
    const teacher = await addWorldPerson(db, 'tess', 'teacher');
    const otherTeacher = await addWorldPerson(db, 'theo', 'teacher');
    const student = await addWorldPerson(db, 'sam', 'student');
    const onlyHere = await addGuest(db, 'Gus');
    const alsoElsewhere = await addGuest(db, 'Gia');
    const doomed = await fillClass(db, teacher, student, 'Doomed');
    const kept = await fillClass(db, otherTeacher, student, 'Kept');
    for (const guest of [onlyHere, alsoElsewhere]) {
      await joinAs(db, guest, doomed.id);
      await addStudentWork(db, guest, doomed.id, doomed.assignmentId);
    }
    await joinAs(db, alsoElsewhere, kept.id);
    const counted = await classRowCounts(db, doomed.id);
    const keptBefore = await classSnapshot(db, kept.id);

    const deleted = await deleteClass(db, doomed.id);

    // Every row that was there, counted (three students with work), and none of them is left.
    expect(deleted).toEqual({ ...counted, users: 1 });
    expect(counted).toEqual({ classes: 1, class_teachers: 1, class_members: 3, assignments: 1, assignment_secrets: 1, assignment_material: 1, attempts: 3, attempt_answers: 3, class_work: 3, help_requests: 3 });
    expect(await classRowCounts(db, doomed.id)).toEqual(noRows);
    expect(await classSnapshot(db, kept.id)).toEqual(keptBefore);
    // The guest of this class alone is gone; the guest in another class, the school accounts and the teachers stay.
    expect(await usersThere(db, [teacher, otherTeacher, student, onlyHere, alsoElsewhere])).toEqual([teacher.id, otherTeacher.id, student.id, alsoElsewhere.id].sort());
  });

  it('deletes nothing for a class that is not there', async () => {
    const db = await open();
    expect(Object.values(await deleteClass(db, 'no-such-class')).every((count) => count === 0)).toBe(true);
  });

  it('the daily pass deletes archived classes once their retention period has passed, and no other', async () => {
    const db = await open();
    const teacher = await addWorldPerson(db, 'tess', 'teacher');
    const student = await addWorldPerson(db, 'sam', 'student');
    const active = await fillClass(db, teacher, student, 'Active');
    const recentlyArchived = await fillClass(db, teacher, student, 'Archived last week');
    const longArchived = await fillClass(db, teacher, student, 'Archived last year');
    const shortRetention = await fillClass(db, teacher, student, 'Kept two days');
    await archive(db, recentlyArchived.id, 7, 30);
    await archive(db, longArchived.id, 400, 365);
    await archive(db, shortRetention.id, 3, 2);
    const goneCounts = [await classRowCounts(db, longArchived.id), await classRowCounts(db, shortRetention.id)];
    const keptRows = [await classSnapshot(db, active.id), await classSnapshot(db, recentlyArchived.id)];

    const outcome = await purgeArchivedClasses(db, NOW);

    expect(outcome.classes).toBe(2);
    expect(outcome.rows).toEqual({ ...Object.fromEntries(CLASS_TABLES.map((table) => [table, (goneCounts[0]?.[table] ?? 0) + (goneCounts[1]?.[table] ?? 0)])), users: 0 });
    expect(await classRowCounts(db, longArchived.id)).toEqual(noRows);
    expect(await classRowCounts(db, shortRetention.id)).toEqual(noRows);
    expect([await classSnapshot(db, active.id), await classSnapshot(db, recentlyArchived.id)]).toEqual(keptRows);
    // The next day's pass finds nothing more to do.
    expect((await purgeArchivedClasses(db, NOW + DAY)).classes).toBe(0);
  });

  it('a class whose last teacher deleted their account is archived, then deleted after its retention period', async () => {
    const db = await open();
    const teacher = await addWorldPerson(db, 'tess', 'teacher');
    const student = await addWorldPerson(db, 'sam', 'student');
    const left = await fillClass(db, teacher, student, 'Left behind');
    await db.system.updateTable('classes').set({ retention_days: 30 }).where('id', '=', left.id).execute();
    await db.system.deleteFrom('users').where('id', '=', teacher.id).execute();

    expect(await purgeArchivedClasses(db, NOW)).toMatchObject({ classes: 0, orphansArchived: 1 });
    expect((await classRowCounts(db, left.id)).attempts).toBe(1);
    expect(await purgeArchivedClasses(db, NOW + 31 * DAY)).toMatchObject({ classes: 1, orphansArchived: 0 });
    expect(await classRowCounts(db, left.id)).toEqual(noRows);
  });

  it('runs in the retention pass the gateway starts every day', async () => {
    const db = await open();
    const teacher = await addWorldPerson(db, 'tess', 'teacher');
    const student = await addWorldPerson(db, 'sam', 'student');
    const old = await fillClass(db, teacher, student, 'Old');
    await archive(db, old.id, 400, 365);
    const lines: string[] = [];
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const retention = startRetention(db, { days: 365, secret: 'a-test-deployment-secret-of-forty-characters', now: () => NOW, log: (line) => lines.push(line) });
      await retention.stop();
    } finally {
      vi.useRealTimers();
    }
    expect(await classRowCounts(db, old.id)).toEqual(noRows);
    expect(lines).toEqual(['[retention] deleted 1 archived class(es) past their retention period']);
  });
});
