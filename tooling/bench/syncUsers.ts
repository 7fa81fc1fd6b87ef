import { randomUUID } from 'node:crypto';
import { createSession } from '../../server/accounts/currentUser';
import type { StudyForgeDb } from '../../server/database/database';
import type { Session } from './syncDevice';

/*
 * The sync bench's people: users and signed-in sessions written straight
 * into the database, as sign-in would leave them, without going through an
 * identity provider a thousand times (sign-in is not what is measured).
 */

const BENCH_ISSUER = 'https://bench.studyforge.test/';
/** Rows per insert: one statement per user would time the setup, not sync. */
const USERS_PER_INSERT = 500;
/** Sessions written at once; the embedded database takes them one by one anyway. */
const SESSIONS_AT_ONCE = 20;

export async function createBenchSessions(db: StudyForgeDb, count: number, label: string): Promise<Session[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let start = 0; start < ids.length; start += USERS_PER_INSERT) {
    const rows = ids.slice(start, start + USERS_PER_INSERT).map((id, offset) => ({
      id,
      issuer: BENCH_ISSUER,
      subject: `${label}-student-${start + offset + 1}`,
      email: null,
      name: `Bench student ${start + offset + 1}`,
    }));
    await db.system.insertInto('users').values(rows).execute();
  }
  const sessions: Session[] = new Array<Session>(count);
  let next = 0;
  async function writer(): Promise<void> {
    while (next < ids.length) {
      const index = next++;
      const userId = ids[index] as string;
      sessions[index] = { userId, ...(await createSession(db, userId)) };
    }
  }
  await Promise.all(Array.from({ length: SESSIONS_AT_ONCE }, () => writer()));
  return sessions;
}
