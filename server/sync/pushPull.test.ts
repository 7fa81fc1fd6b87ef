import { expect, it } from 'vitest';
import type { PullReply, PushReply, SyncItem } from '../../src/kernel/sync/syncItem';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { createUser, itemOf, signIn, stampAt, syncInstance, type Device } from '../testing/syncInstances';

/*
 * Push and pull between devices of one person, on the embedded database and
 * on a real PostgreSQL: what one device pushes another pulls; edits of
 * different fields on two devices both survive; an older write never
 * overwrites a newer one; a deletion wins and travels; long histories come
 * in pages.
 */

const NOW = Date.now();

async function pushed(device: Device, items: SyncItem[]): Promise<number> {
  const response = await device.push({ items });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as PushReply).seq;
}

async function pulled(device: Device, query = ''): Promise<PullReply> {
  const response = await device.pull(query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PullReply;
}

describeOnBothDatabases('syncing one person’s devices', (open) => {
  async function twoDevices() {
    const instance = syncInstance(await open());
    const userId = await createUser(instance.db);
    return { instance, laptop: await signIn(instance, userId), phone: await signIn(instance, userId) };
  }

  it('pulls on one device what another pushed', async () => {
    const { laptop, phone } = await twoDevices();
    const project = itemOf('project', 'proj_1', { name: 'Biology', createdAt: 1 }, stampAt(NOW));
    const artifact = itemOf('artifact', 'proj_1/art_1', { projectId: 'proj_1', data: { cards: [{ front: 'Cell', back: 'Unit of life' }] } }, stampAt(NOW));
    const seq = await pushed(laptop, [project, artifact]);
    const reply = await pulled(phone, '?since=0');
    expect(reply.items).toEqual(expect.arrayContaining([project, artifact]));
    expect(reply.items).toHaveLength(2);
    expect(reply).toMatchObject({ seq, more: false });
    expect(await pulled(phone, `?since=${seq}`)).toEqual({ items: [], seq, more: false });
  });

  it('keeps both edits when two devices change different fields of one item at the same time', async () => {
    const { laptop, phone } = await twoDevices();
    await pushed(laptop, [itemOf('project', 'p', { name: 'Draft', topic: 'None' }, stampAt(NOW - 1000, 'dev_laptop'))]);
    // Each device edits offline, from the same version, then pushes.
    await pushed(laptop, [itemOf('project', 'p', { name: 'Biology' }, stampAt(NOW, 'dev_laptop'))]);
    await pushed(phone, [itemOf('project', 'p', { topic: 'Cells' }, stampAt(NOW - 500, 'dev_phone'))]);
    const [item] = (await pulled(laptop)).items;
    expect(item?.f).toEqual({ name: { v: 'Biology', t: stampAt(NOW, 'dev_laptop') }, topic: { v: 'Cells', t: stampAt(NOW - 500, 'dev_phone') } });
  });

  it('does not let an older write overwrite a newer one, whichever arrives last', async () => {
    const { laptop, phone } = await twoDevices();
    const newer = itemOf('project', 'p', { name: 'Newer' }, stampAt(NOW, 'dev_phone'));
    await pushed(phone, [newer]);
    const seq = await pushed(laptop, [itemOf('project', 'p', { name: 'Older' }, stampAt(NOW - 60_000, 'dev_laptop'))]);
    const reply = await pulled(phone);
    expect(reply.items).toEqual([newer]);
    // Nothing changed, so the other devices are not sent it again.
    expect(await pulled(phone, `?since=${seq}`)).toMatchObject({ items: [] });
  });

  it('keeps a deletion against later edits from a device that had not seen it, and pulls it as a tombstone', async () => {
    const { laptop, phone } = await twoDevices();
    await pushed(laptop, [itemOf('artifact', 'p/a', { topic: 'Cells', data: 'x' }, stampAt(NOW - 1000))]);
    const first = await pulled(phone);
    await pushed(phone, [{ c: 'artifact', id: 'p/a', f: {}, d: stampAt(NOW - 500, 'dev_phone') }]);
    await pushed(laptop, [itemOf('artifact', 'p/a', { topic: 'Cells again' }, stampAt(NOW, 'dev_laptop'))]);
    const reply = await pulled(laptop, `?since=${first.seq}`);
    expect(reply.items).toEqual([{ c: 'artifact', id: 'p/a', f: {}, d: stampAt(NOW - 500, 'dev_phone') }]);
  });

  it('does not count a device’s repeated push of what the server holds as a change', async () => {
    const { laptop, phone } = await twoDevices();
    // Object keys in an order PostgreSQL's jsonb does not keep, as a device's storage may hold them.
    const item = itemOf('study-card', 'c1', { data: { zeta: 1, alpha: { b: 2, a: 1 }, list: [{ y: 1, x: 2 }] } }, stampAt(NOW));
    const seq = await pushed(laptop, [item]);
    expect(await pushed(laptop, [item])).toBe(seq);
    expect(await pushed(phone, [item, item])).toBe(seq);
    expect((await pulled(phone)).items).toEqual([item]);
  });

  it('pulls a long history in pages, in the order it changed, saying when more waits', async () => {
    const { laptop, phone } = await twoDevices();
    const items = Array.from({ length: 7 }, (_, i) => itemOf('recent', `tool_${i}`, { at: i }, stampAt(NOW)));
    for (const item of items) await pushed(laptop, [item]);
    const seen: SyncItem[] = [];
    let since = 0;
    const pages: boolean[] = [];
    for (;;) {
      const page = await pulled(phone, `?since=${since}&limit=3`);
      seen.push(...page.items);
      pages.push(page.more);
      since = page.seq;
      if (!page.more) break;
    }
    expect(pages).toEqual([true, true, false]);
    expect(seen).toEqual(items);
  });

  it('refuses a pull whose since or limit is not a number in range, with a sentence', async () => {
    const { phone } = await twoDevices();
    for (const query of ['?since=-1', '?since=abc', '?since=1e3', '?limit=0', '?limit=501', '?limit=ten', `?since=${'9'.repeat(20)}`]) {
      const response = await phone.pull(query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/^"(since|limit)" must be/);
    }
  });
});

describeOnBothDatabases('the one door to sync', (open) => {
  it('answers 401 without a session and 403 without the session’s CSRF token, writing nothing', async () => {
    const instance = syncInstance(await open());
    const userId = await createUser(instance.db);
    const device = await signIn(instance, userId);
    const body = JSON.stringify({ items: [itemOf('project', 'p', { name: 'x' }, stampAt(NOW))] });
    const anonymous = await instance.app.request('/api/sync/push', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Sign in to use this.' });
    expect((await instance.app.request('/api/sync/pull')).status).toBe(401);
    expect((await instance.app.request('/api/sync/events')).status).toBe(401);
    for (const csrf of [null, 'forged-token', device.csrfToken.slice(1)]) {
      const response = await device.push(body, { csrf });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: string }).error).toMatch(/could not be verified/);
    }
    const expired = await instance.app.request('/api/sync/pull', { headers: { cookie: `${device.cookie.slice(0, -2)}xx` } });
    expect(expired.status).toBe(401);
    const rows = await instance.db.system.selectFrom('sync_items').select('item_id').execute();
    expect(rows).toEqual([]);
  });
});
