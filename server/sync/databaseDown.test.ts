import { describe, expect, it } from 'vitest';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { createUser, itemOf, signIn, stampAt, syncInstance } from '../testing/syncInstances';
import { cannotReachDatabase, SYNC_PAUSED } from './databaseDown';

/*
 * With its database gone, sync answers every route with 503 and a sentence
 * the app shows as is ("sync is paused ... kept on this device"), so the
 * device keeps its queue and tries later, rather than a 500 that reads like
 * a bug or a 401 that would sign the person out. (Stopping a real
 * PostgreSQL under two instances is in twoInstances.test.ts.)
 */

describeOnBothDatabases('sync with its database closed', (open) => {
  it('answers push, pull and events with 503 and says sync is paused', async () => {
    const instance = syncInstance(await open());
    const device = await signIn(instance, await createUser(instance.db));
    await instance.db.close();
    const replies = [await device.push({ items: [itemOf('project', 'p', { name: 'Kept here' }, stampAt(Date.now()))] }), await device.pull(), (await device.events()).response];
    for (const reply of replies) {
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe('30');
      expect(await reply.json()).toEqual({ error: SYNC_PAUSED });
    }
    await instance.routes.stop();
  });
});

describe('telling a missing database from other failures', () => {
  it('counts refused and dropped connections and a shutting-down server, not a failing query', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(cannotReachDatabase(refused)).toBe(true);
    expect(cannotReachDatabase(new AggregateError([refused], ''))).toBe(true);
    expect(cannotReachDatabase(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(cannotReachDatabase(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(cannotReachDatabase(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(cannotReachDatabase(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }))).toBe(false);
    expect(cannotReachDatabase(Object.assign(new Error('new row violates row-level security policy'), { code: '42501' }))).toBe(false);
    expect(cannotReachDatabase(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});
