import { sql } from 'kysely';
import type { ClassResults } from '../../src/kernel/classes/wire';
import type { AssignmentAccess, ClassTransaction } from './door';
import { quizKeyOf } from './quizKey';
import { aggregateResults, type WorkTotals } from './resultsAggregate';

/*
 * The rows a class's results are counted from, read in the teacher's own
 * transaction (the door's withAssignment, need 'teacher': row-level security
 * lets a teacher read every row of their class, the material with its
 * answers included). A handful of queries whatever the class size: the
 * attempt that counts is picked by the database (DISTINCT ON), the work
 * summed there too, so a class of 35 or of 300 costs the same round trips.
 */

/** Each student's attempt that counts: the latest finished, else the latest started. */
function countedAttempts(trx: ClassTransaction, access: AssignmentAccess) {
  return trx
    .selectFrom('attempts')
    .distinctOn('user_id')
    .select(['id', 'user_id', 'finished_at', 'score', 'total'])
    .where('class_id', '=', access.classId)
    .where('assignment_id', '=', access.assignment.id)
    .orderBy('user_id')
    .orderBy(sql`finished_at is null`)
    .orderBy(sql`finished_at desc`)
    .orderBy(sql`started_at desc`)
    .execute();
}

/** Seconds, cards and pieces of work per student, summed by the database (a malformed detail counts as nothing). */
async function workTotals(trx: ClassTransaction, access: AssignmentAccess): Promise<WorkTotals[]> {
  const number = (field: string) => sql.raw(`case when jsonb_typeof(detail->'${field}') = 'number' then (detail->>'${field}')::float8 else 0 end`);
  const { rows } = await sql<WorkTotals>`
    select user_id,
      coalesce(sum(${number('seconds')}) filter (where kind = 'time'), 0)::float8 as seconds,
      coalesce(sum(${number('reviewed')}) filter (where kind = 'study'), 0)::float8 as reviewed,
      coalesce(sum(${number('remembered')}) filter (where kind = 'study'), 0)::float8 as remembered,
      (count(*) filter (where kind in ('generated', 'refined')))::int as pieces
    from class_work
    where class_id = ${access.classId} and assignment_id = ${access.assignment.id}
    group by user_id`.execute(trx);
  return rows;
}

/** The assignment's results for a teacher of its class. */
export async function classResults(trx: ClassTransaction, access: AssignmentAccess): Promise<ClassResults> {
  const members = await trx
    .selectFrom('class_members')
    .select(['user_id', 'display_name', 'group_name'])
    .where('class_id', '=', access.classId)
    .orderBy('display_name')
    .orderBy('user_id')
    .execute();
  const attempts = await countedAttempts(trx, access);
  const attemptIds = attempts.map((attempt) => attempt.id);
  const answers =
    attemptIds.length === 0
      ? []
      : await trx
          .selectFrom('attempt_answers')
          .select(['attempt_id', 'question', 'chosen', 'correct', 'remediation_used'])
          .where('class_id', '=', access.classId)
          .where('attempt_id', 'in', attemptIds)
          .execute();
  const help = await trx
    .selectFrom('help_requests')
    .select(['id', 'user_id', 'note', 'created_at', 'resolved_at'])
    .where('class_id', '=', access.classId)
    .where('assignment_id', '=', access.assignment.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const material = await trx
    .selectFrom('assignment_material')
    .select(['group_name', 'content'])
    .where('class_id', '=', access.classId)
    .where('assignment_id', '=', access.assignment.id)
    .execute();
  const quizzes = material.flatMap((row) => {
    const key = quizKeyOf(row.content);
    return key ? [{ group: row.group_name, key }] : [];
  });
  return aggregateResults({ assignmentId: access.assignment.id, members, attempts, answers, work: await workTotals(trx, access), help, quizzes });
}
