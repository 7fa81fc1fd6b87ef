import { afterEach, expect, it } from 'vitest';
import type { PushReply } from '../../src/kernel/sync/syncItem';
import { hashSessionId } from '../accounts/currentUser';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { createUser, itemOf, signIn, stampAt, syncInstance, type Device, type EventReader, type SyncInstance } from '../testing/syncInstances';
import { TOO_MANY_FOR_SERVER, TOO_MANY_FOR_USER } from './liveChanges';

/*
 * Live push: a device following /api/sync/events is told `changed` with the
 * latest seq when another device of the same person pushes, and only then:
 * another person's changes never reach it. Streams are bounded per person and
 * per process, end when their session ends, and free their place when the
 * device goes away.
 */

const NOW = Date.now();
const instances: SyncInstance[] = [];
const readers: EventReader[] = [];

afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
  await Promise.all(instances.splice(0).map((instance) => instance.routes.stop()));
});

async function pushOne(device: Device, id: string, value: string): Promise<number> {
  const response = await device.push({ items: [itemOf('project', id, { name: value }, stampAt(NOW))] });
  expect(response.status).toBe(200);
  return ((await response.json()) as PushReply).seq;
}

async function follow(device: Device): Promise<EventReader> {
  const reader = await device.events();
  readers.push(reader);
  expect(reader.response.status).toBe(200);
  expect(reader.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return reader;
}

describeOnBothDatabases('live sync events', (open) => {
  async function instance(options: Parameters<typeof syncInstance>[1] = {}): Promise<SyncInstance> {
    const made = syncInstance(await open(), options);
    instances.push(made);
    return made;
  }

  it('tell a device when another device of the same person pushed, and never about someone else', async () => {
    const server = await instance();
    const aliceId = await createUser(server.db, 'alice');
    const [aliceLaptop, alicePhone] = [await signIn(server, aliceId), await signIn(server, aliceId)];
    const bob = await signIn(server, await createUser(server.db, 'bob'));
    const laptopEvents = await follow(aliceLaptop);
    const bobEvents = await follow(bob);

    const seq = await pushOne(alicePhone, 'proj_1', 'Biology');
    expect(await laptopEvents.next()).toEqual({ event: 'changed', data: JSON.stringify({ seq }) });

    // Bob's first event is his own change: Alice's never reached his stream.
    const bobSeq = await pushOne(bob, 'proj_b', 'History');
    expect(await bobEvents.next()).toEqual({ event: 'changed', data: JSON.stringify({ seq: bobSeq }) });
    expect(await laptopEvents.next(300)).toBe('quiet');
  });

  it('say nothing when a push changed nothing', async () => {
    const server = await instance();
    const userId = await createUser(server.db);
    const [laptop, phone] = [await signIn(server, userId), await signIn(server, userId)];
    await pushOne(phone, 'proj_1', 'Biology');
    const events = await follow(laptop);
    await pushOne(phone, 'proj_1', 'Biology');
    const seq = await pushOne(phone, 'proj_2', 'Chemistry');
    expect(await events.next()).toEqual({ event: 'changed', data: JSON.stringify({ seq }) });
  });

  it('hold at most five streams per person and a cap per process, refusing more with 429 and a sentence', async () => {
    const server = await instance({ liveLimits: { perProcess: 7 } });
    const userId = await createUser(server.db);
    const device = await signIn(server, userId);
    for (let i = 0; i < 5; i++) await follow(device);
    const sixth = await device.events();
    expect(sixth.response.status).toBe(429);
    expect(await sixth.response.json()).toEqual({ error: TOO_MANY_FOR_USER });

    const other = await signIn(server, await createUser(server.db, 'other'));
    await follow(other);
    await follow(other);
    const eighth = await other.events();
    expect(eighth.response.status).toBe(429);
    expect(await eighth.response.json()).toEqual({ error: TOO_MANY_FOR_SERVER });

    // A device that goes away frees its place.
    await readers[0]!.close();
    expect(server.routes.live.openStreams()).toBe(6);
    await follow(device);
  });

  it('end a stream when its session ends, without telling it the change', async () => {
    const server = await instance();
    const userId = await createUser(server.db);
    const [laptop, phone] = [await signIn(server, userId), await signIn(server, userId)];
    const events = await follow(laptop);
    const stillSignedIn = await follow(phone);
    await server.db.system.deleteFrom('sessions').where('id_hash', '=', hashOf(laptop)).execute();
    const seq = await pushOne(phone, 'proj_1', 'Biology');
    expect(await events.next()).toBe('end');
    expect(await stillSignedIn.next()).toEqual({ event: 'changed', data: JSON.stringify({ seq }) });
  });

  it('end a quiet stream at its next heartbeat once the session is gone', async () => {
    const server = await instance({ liveLimits: { heartbeatMs: 100 } });
    const userId = await createUser(server.db);
    const laptop = await signIn(server, userId);
    const events = await follow(laptop);
    expect(await events.next(400)).toBe('quiet');
    await server.db.system.deleteFrom('sessions').where('user_id', '=', userId).execute();
    expect(await events.next()).toBe('end');
    expect(server.routes.live.openStreams()).toBe(0);
  });
});

function hashOf(device: Device): string {
  return hashSessionId(device.cookie.split('=')[1] ?? '');
}
