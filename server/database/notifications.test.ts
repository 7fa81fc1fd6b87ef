import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import type { StudyForgeDb } from './database';

/*
 * LISTEN/NOTIFY is how a change made through one gateway instance reaches the
 * live streams of every instance sharing the database.
 */

function nextPayload(db: StudyForgeDb, channel: string): Promise<{ payload: Promise<string>; unlisten: () => Promise<void> }> {
  let deliver!: (payload: string) => void;
  const payload = new Promise<string>((resolve) => (deliver = resolve));
  return db.listen(channel, deliver).then((unlisten) => ({ payload, unlisten }));
}

describeOnBothDatabases('notifications', (open, place) => {
  it('deliver a notified payload to a listener on the channel', async () => {
    const db = await open();
    const heard = await nextPayload(db, 'studyforge_sync');
    await db.notify('studyforge_sync', '{"user":"hash-1"}');
    await expect(heard.payload).resolves.toBe('{"user":"hash-1"}');
  });

  it('stop after unlisten, and only reach listeners of that channel', async () => {
    const db = await open();
    const heard: string[] = [];
    let firstHeard!: () => void;
    const first = new Promise<void>((resolve) => (firstHeard = resolve));
    const unlisten = await db.listen('studyforge_a', (payload) => {
      heard.push(`a:${payload}`);
      firstHeard();
    });
    await db.listen('studyforge_b', (payload) => heard.push(`b:${payload}`));
    const done = await nextPayload(db, 'studyforge_done');
    await db.notify('studyforge_a', '1');
    await first;
    await unlisten();
    await db.notify('studyforge_a', '2');
    await db.notify('studyforge_b', '3');
    // Notifications arrive in the order sent, so once "done" arrives the others would have.
    await db.notify('studyforge_done', '');
    await done.payload;
    expect(heard).toEqual(['a:1', 'b:3']);
  });

  it('refuse a channel name that is not a plain identifier, and a payload PostgreSQL cannot carry', async () => {
    const db = await open();
    await expect(db.listen('x"; drop table users; --', () => undefined)).rejects.toThrow(/not allowed/);
    await expect(db.notify('studyforge_sync', 'x'.repeat(8_000))).rejects.toThrow(/at most 7999/);
    expect(await db.system.selectFrom('users').select('id').execute()).toEqual([]);
  });

  if (place.kind === 'postgres') {
    it('reach a listener on another instance sharing the same PostgreSQL', async () => {
      const options = await place.freshOptions();
      const [listening, notifying] = await Promise.all([open(options), open(options)]);
      const heard = await nextPayload(listening, 'studyforge_sync');
      await notifying.notify('studyforge_sync', 'from the other instance');
      await expect(heard.payload).resolves.toBe('from the other instance');
    });

    it('listen again by itself after the listening connection is cut (a server restart, a network drop)', async () => {
      const db = await open();
      const heard: string[] = [];
      await db.listen('studyforge_sync', (payload) => heard.push(payload));
      const cut = await sql<{ cut: boolean }>`
        select pg_terminate_backend(pid) as cut from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`.execute(db.system);
      expect(cut.rows.map((row) => row.cut)).toEqual([true]);
      // Notifications sent while it is away are lost (consumers pull after a reconnect), so keep sending until one
      // arrives; bounded, so a listener that never comes back fails here rather than looping past the test.
      for (let attempt = 0; heard.length === 0 && attempt < 150; attempt++) {
        await db.notify('studyforge_sync', 'after the cut');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(heard[0]).toBe('after the cut');
    });
  }
});
