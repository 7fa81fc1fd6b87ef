import { expect, it } from 'vitest';
import { SYNC_LIMITS, type PullReply } from '../../src/kernel/sync/syncItem';
import type { StudyForgeDb } from '../database/database';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { createUser, itemOf, signIn, stampAt, syncInstance } from '../testing/syncInstances';

/*
 * Pushes no honest device sends: each is refused whole with a 4xx and a
 * sentence, and nothing at all is written (rows counted as the table owner,
 * past row-level security). Another person's ids are just ids: pushing them
 * files new rows under the pusher and leaves the owner's untouched.
 */

const NOW = Date.now();
const good = itemOf('project', 'proj_1', { name: 'Biology' }, stampAt(NOW));

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

async function rowCount(db: StudyForgeDb): Promise<number> {
  const row = await db.system.selectFrom('sync_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describeOnBothDatabases('hostile pushes', (open) => {
  it('refuses each with a 4xx and a plain sentence, and writes nothing of it', async () => {
    const instance = syncInstance(await open());
    const device = await signIn(instance, await createUser(instance.db));
    const ahead = stampAt(NOW + 3 * SYNC_LIMITS.futureSkewMs);
    const cases: { name: string; body: unknown; contentType?: string; status: number; message: RegExp }[] = [
      { name: 'too big', body: { items: [good, itemOf('artifact', 'p/a', { data: 'x'.repeat(SYNC_LIMITS.pushBytes) }, stampAt(NOW))] }, status: 413, message: /too large to send at once: the limit is 4 MB/ },
      { name: 'too deep', body: { items: [good, itemOf('artifact', 'p/a', { data: nested(200) }, stampAt(NOW))] }, status: 400, message: /nested more than 32 levels/ },
      { name: 'wrong schema', body: { items: [good, { c: 'project', id: 'p2', fields: {} }] }, status: 400, message: /not in the expected form at items\.1/ },
      { name: 'names an owner', body: { items: [good, { ...itemOf('project', 'p2', { name: 'x' }, stampAt(NOW)), owner: 'user_someone_else' }] }, status: 400, message: /not in the expected form at items\.1/ },
      { name: 'dated days ahead', body: { items: [good, itemOf('project', 'p2', { name: 'Mine forever' }, ahead)] }, status: 400, message: /dated more than a day ahead/ },
      { name: 'not JSON', body: '{"items": [', status: 400, message: /not valid JSON/ },
      { name: 'a form, not JSON', body: 'items=1', contentType: 'application/x-www-form-urlencoded', status: 415, message: /Send the changes as JSON/ },
      { name: 'text the database cannot hold', body: { items: [good, itemOf('artifact', 'p/a', { topic: 'Cells\u0000' }, stampAt(NOW))] }, status: 400, message: /Item 2 .* cannot store/ },
      { name: 'half an emoji', body: { items: [good, itemOf('artifact', 'p/a', { topic: '\ud83d' }, stampAt(NOW))] }, status: 400, message: /Item 2 .* cannot store/ },
    ];
    for (const { name, body, contentType, status, message } of cases) {
      // Soft: every refusal that fails is reported, not only the first.
      const response = await device.push(body, contentType ? { contentType } : {});
      expect.soft(response.status, name).toBe(status);
      const reply = (await response.json().catch(() => ({}))) as { error?: string };
      expect.soft(reply.error, name).toMatch(message);
      expect.soft(Object.keys(reply), name).toEqual(['error']);
      expect.soft(await rowCount(instance.db), name).toBe(0);
      await instance.db.system.deleteFrom('sync_items').execute();
    }
    // The same device's honest push still goes through afterwards.
    expect((await device.push({ items: [good] })).status).toBe(200);
    expect(await rowCount(instance.db)).toBe(1);
  });

  it('files a push of another person’s ids under the pusher, leaving the owner’s items as they were', async () => {
    const instance = syncInstance(await open());
    const alice = await signIn(instance, await createUser(instance.db, 'alice'));
    const bob = await signIn(instance, await createUser(instance.db, 'bob'));
    const hers = [itemOf('project', 'proj_alice', { name: 'Alice’s biology' }, stampAt(NOW - 1000)), itemOf('artifact', 'proj_alice/a1', { topic: 'Her notes' }, stampAt(NOW - 1000))];
    expect((await alice.push({ items: hers })).status).toBe(200);
    const before = (await (await alice.pull()).json()) as PullReply;

    // Later stamps, and a deletion: on her rows they would win.
    const forged = [itemOf('project', 'proj_alice', { name: 'Overwritten' }, stampAt(NOW)), { c: 'artifact', id: 'proj_alice/a1', f: {}, d: stampAt(NOW) }];
    expect((await bob.push({ items: forged })).status).toBe(200);

    expect((await (await alice.pull()).json()) as PullReply).toEqual(before);
    const bobs = (await (await bob.pull()).json()) as PullReply;
    expect(bobs.items).toEqual(expect.arrayContaining(forged));
    expect(bobs.items).toHaveLength(2);
    expect(JSON.stringify(bobs)).not.toContain('Alice’s biology');
    const owners = await instance.db.system.selectFrom('sync_items').select(['user_id', 'item_id']).orderBy('user_id').orderBy('item_id').execute();
    expect(owners).toEqual([
      { user_id: alice.userId, item_id: 'proj_alice' },
      { user_id: alice.userId, item_id: 'proj_alice/a1' },
      { user_id: bob.userId, item_id: 'proj_alice' },
      { user_id: bob.userId, item_id: 'proj_alice/a1' },
    ].sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0)));
  });
});
