import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullReply, PushReply } from '../../src/kernel/sync/syncItem';
import { startPostgres, type PostgresServer } from '../testing/postgresServer';
import { createUser, itemOf, signIn, stampAt, startSyncInstances, type EventReader, type SyncInstance } from '../testing/syncInstances';
import { SYNC_PAUSED } from './databaseDown';
import { takeTurn } from './store';

/*
 * Two gateway instances on one PostgreSQL, as a district runs them behind a
 * load balancer: each opens the database itself (its own pool, its own
 * LISTEN connection). One person's laptop talks to instance 1, their phone
 * to instance 2. A push on one reaches a live stream on the other, both
 * instances answer the same pull, pushes to both at once merge, and a pull
 * between two of one person's pushes never skips the one committing last.
 * Last, PostgreSQL is stopped: sync says it is paused, with 503.
 */

const NOW = Date.now();
let postgres: PostgresServer;
let instances: SyncInstance[] = [];
const readers: EventReader[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  instances = await startSyncInstances(await postgres.createDatabase(), 2);
}, 120_000);

afterAll(async () => {
  await Promise.all(readers.map((reader) => reader.close()));
  await Promise.all(instances.map(async (instance) => {
    await instance.routes.stop();
    await instance.db.close();
  }));
  await postgres?.stop();
});

async function pullAll(device: { pull(query?: string): Promise<Response> }): Promise<PullReply> {
  const response = await device.pull();
  expect(response.status).toBe(200);
  return (await response.json()) as PullReply;
}

describe('two gateway instances on one PostgreSQL', () => {
  it('a push on instance 1 reaches a live stream on instance 2, and both answer the same pull', async () => {
    const [one, two] = instances as [SyncInstance, SyncInstance];
    const userId = await createUser(one.db);
    const laptop = await signIn(one, userId);
    const phone = await signIn(two, userId);
    const someoneElse = await signIn(one, await createUser(one.db, 'other'));
    const phoneEvents = await phone.events();
    const otherEvents = await someoneElse.events();
    readers.push(phoneEvents, otherEvents);
    expect(phoneEvents.response.status).toBe(200);

    const response = await laptop.push({ items: [itemOf('project', 'proj_1', { name: 'Biology' }, stampAt(NOW))] });
    const { seq } = (await response.json()) as PushReply;
    expect(await phoneEvents.next()).toEqual({ event: 'changed', data: JSON.stringify({ seq }) });
    expect(await pullAll(phone)).toEqual(await pullAll(laptop));
    expect((await pullAll(phone)).items.map((item) => item.id)).toEqual(['proj_1']);
    expect(await otherEvents.next(300)).toBe('quiet');
  });

  it('pushes to both instances at once merge per field, and both instances then hold the same', async () => {
    const [one, two] = instances as [SyncInstance, SyncInstance];
    const userId = await createUser(one.db);
    const laptop = await signIn(one, userId);
    const phone = await signIn(two, userId);
    const ids = Array.from({ length: 20 }, (_, i) => `card_${i}`);
    const [fromLaptop, fromPhone] = await Promise.all([
      laptop.push({ items: ids.map((id) => itemOf('study-card', id, { front: `Q ${id}` }, stampAt(NOW, 'dev_laptop'))) }),
      phone.push({ items: ids.map((id) => itemOf('study-card', id, { due: 42 }, stampAt(NOW, 'dev_phone'))) }),
    ]);
    expect([fromLaptop.status, fromPhone.status]).toEqual([200, 200]);
    const onOne = await pullAll(laptop);
    expect(await pullAll(phone)).toEqual(onOne);
    expect(onOne.items).toHaveLength(20);
    for (const item of onOne.items) expect(Object.keys(item.f).sort()).toEqual(['due', 'front']);
  });

  it('a device pulling while two pushes of the same person are in flight never skips the one that commits last', async () => {
    const [one, two] = instances as [SyncInstance, SyncInstance];
    const userId = await createUser(one.db);
    const laptop = await signIn(one, userId);
    const phone = await signIn(two, userId);
    // A push on instance 1 that has taken its change number but not yet committed (a slow network, a big push).
    let finishSlowPush = () => {};
    const held = new Promise<void>((resolve) => (finishSlowPush = resolve));
    let started = () => {};
    const hasWritten = new Promise<void>((resolve) => (started = resolve));
    const slowPush = one.db.asUser(userId, async (trx) => {
      await takeTurn(trx, userId);
      await trx.insertInto('sync_items').values({ user_id: userId, collection: 'project', item_id: 'slow', fields: JSON.stringify({ name: { v: 'Slow', t: stampAt(NOW) } }), deleted: null }).execute();
      started();
      await held;
    });
    await hasWritten;
    // Meanwhile a quick push on instance 2, and a pull from the laptop.
    const quickPush = phone.push({ items: [itemOf('project', 'quick', { name: 'Quick' }, stampAt(NOW))] });
    await Promise.race([quickPush, new Promise((resolve) => setTimeout(resolve, 1_500))]);
    const early = await pullAll(laptop);
    finishSlowPush();
    await slowPush;
    expect((await quickPush).status).toBe(200);
    const late = await pullAll({ pull: () => laptop.pull(`?since=${early.seq}`) });
    const seen = [...early.items, ...late.items].map((item) => item.id).sort();
    expect(seen).toEqual(['quick', 'slow']);
  });

  it('says sync is paused, with 503, while PostgreSQL is down', async () => {
    const [one, two] = instances as [SyncInstance, SyncInstance];
    const userId = await createUser(one.db);
    const laptop = await signIn(one, userId);
    const phone = await signIn(two, userId);
    await postgres.stop();
    const replies = [await laptop.push({ items: [itemOf('project', 'p', { name: 'Offline edit' }, stampAt(NOW))] }), await phone.pull(), (await phone.events()).response];
    for (const reply of replies) {
      expect(reply.status).toBe(503);
      expect(await reply.json()).toEqual({ error: SYNC_PAUSED });
    }
  });
});
