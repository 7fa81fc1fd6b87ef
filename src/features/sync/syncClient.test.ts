import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { syncMessages } from './syncClient';
import { hasSyncedWith, signOutSync, syncStateKeys } from './syncState';
import { artifact, project, projectsOf, settle, T0, testServer, type TestDevice } from './testing/devices';
import { memoryStore } from './testing/memoryStore';

/*
 * Two devices of one person, each its own storage and sync, against an
 * in-memory server with the real server's push rules and merge.
 */

let world = testServer();
afterEach(() => {
  world.stopAll();
  world = testServer();
});

const artifactsKey = storageKeys.artifacts('proj_1');

async function twoDevicesWithProject(): Promise<[TestDevice, TestDevice]> {
  const a = world.device();
  const b = world.device();
  a.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology')]);
  a.store.appWrite(artifactsKey, [artifact('art_1', { topic: 'Cells' })]);
  await settle(a, b);
  return [a, b];
}

describe('syncing one person’s devices', () => {
  it('an edit on one device reaches the other device’s storage, and its stores hear of it', async () => {
    const a = world.device();
    const b = world.device();
    a.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology')]);
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect(projectsOf(b.store)).toEqual([project('proj_1', 'Biology')]);
    expect(b.store.announced).toContain(storageKeys.projects);
    expect(world.server.item('project', 'proj_1')?.f.name?.v).toBe('Biology');
    // Written by sync, not by the person: nothing goes back up from B.
    await b.sync.syncNow();
    expect(b.net.pushes).toEqual([]);
    expect(b.sync.status()).toMatchObject({ state: 'synced', pending: 0 });
  });

  it('edits made offline are queued, survive a reload and go up when the connection is back', async () => {
    const [a, b] = await twoDevicesWithProject();
    a.net.network.set(false);
    a.store.appWrite(artifactsKey, [artifact('art_2', { topic: 'Mitosis' }), artifact('art_1', { topic: 'Cells' })]);
    await a.sync.syncNow();
    expect(a.sync.status()).toMatchObject({ state: 'offline', pending: 1, message: syncMessages.offline });
    a.reload();
    expect(a.sync.status().pending).toBe(1);
    a.net.network.set(true);
    await settle(a, b);
    expect(world.server.item('artifact', 'proj_1/art_2')?.f.topic?.v).toBe('Mitosis');
    expect((b.store.value(artifactsKey) as { id: string }[]).map((item) => item.id).sort()).toEqual(['art_1', 'art_2']);
    expect(a.sync.status()).toMatchObject({ state: 'synced', pending: 0 });
  });

  it('keeps both edits when two devices change different fields of one item at the same time', async () => {
    const [a, b] = await twoDevicesWithProject();
    a.net.network.set(false);
    b.net.network.set(false);
    a.store.appWrite(artifactsKey, [artifact('art_1', { topic: 'Cell biology' })]);
    b.store.appWrite(artifactsKey, [artifact('art_1', { topic: 'Cells', refinements: ['Shorter'] })]);
    a.net.network.set(true);
    b.net.network.set(true);
    await settle(a, b);
    for (const device of [a, b]) expect(device.store.value(artifactsKey)).toEqual([artifact('art_1', { topic: 'Cell biology', refinements: ['Shorter'] })]);
  });

  it('a project deleted on one device is deleted on the other, its tombstone and saved results with it', async () => {
    const [a, b] = await twoDevicesWithProject();
    a.store.appWrite(storageKeys.deleted, { projects: ['proj_1'], artifacts: [] });
    a.store.appWrite(storageKeys.projects, []);
    a.store.appRemove(artifactsKey);
    await settle(a, b);
    expect(world.server.item('project', 'proj_1')?.d).toBeDefined();
    expect(world.server.item('artifact', 'proj_1/art_1')?.d).toBeDefined();
    expect(projectsOf(b.store)).toEqual([]);
    expect(b.store.value(storageKeys.deleted)).toEqual({ projects: ['proj_1'], artifacts: ['proj_1/art_1'] });
    expect(b.store.value(artifactsKey)).toBeUndefined();
    expect(b.store.announced).toEqual(expect.arrayContaining([storageKeys.projects, storageKeys.deleted, artifactsKey]));
  });

  it('a deletion undone within its grace never leaves the device, so the other device keeps the project', async () => {
    let time = Date.parse(T1);
    const a = world.device({ deletionGraceMs: 30_000, now: () => time });
    const b = world.device();
    a.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology')]);
    await settle(a, b);
    a.store.appWrite(storageKeys.deleted, { projects: ['proj_1'], artifacts: [] });
    a.store.appWrite(storageKeys.projects, []);
    await settle(a, b);
    expect(a.sync.status()).toMatchObject({ state: 'synced', pending: 1 });
    time += 5_000;
    // Undo: the project back, its tombstone lifted.
    a.store.appWrite(storageKeys.deleted, { projects: [], artifacts: [] });
    a.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology')]);
    time += 60_000;
    await settle(a, b);
    expect(world.server.item('project', 'proj_1')?.d).toBeUndefined();
    expect(projectsOf(b.store)).toEqual([project('proj_1', 'Biology')]);
    expect(a.sync.status().pending).toBe(0);
  });

  it('a list missing an item for a moment (another tab’s stale write) deletes nothing', async () => {
    const [a, b] = await twoDevicesWithProject();
    a.store.appWrite(storageKeys.projects, []);
    await settle(a, b);
    expect(world.server.item('project', 'proj_1')?.d).toBeUndefined();
    expect(projectsOf(b.store)).toEqual([project('proj_1', 'Biology')]);
  });

  it('never sends the provider key or the connection settings, in any push', async () => {
    const store = memoryStore();
    const secret = 'sk-own-key-never-leaves';
    store.appWrite(storageKeys.settings, { backendUrl: 'http://127.0.0.1:8787', publicKey: 'pk-gateway', ownKey: { provider: 'openai', apiKey: secret, model: 'm', baseUrl: '' } });
    store.appWrite(storageKeys.projects, [project('proj_1', 'Biology')]);
    const a = world.device({ uploadExisting: true }, store);
    store.appWrite(storageKeys.settings, { ownKey: { provider: 'gemini', apiKey: `${secret}-2`, model: 'm', baseUrl: '' } });
    store.appWrite(storageKeys.theme, 'dark');
    await a.sync.syncNow();
    expect(a.net.pushes.length).toBeGreaterThan(0);
    expect(world.server.item('setting', 'theme')?.f.value?.v).toBe('dark');
    for (const body of a.net.pushes) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain('pk-gateway');
    }
  });

  it('stops and says so when the session has ended (401), keeping what is queued', async () => {
    const [a] = await twoDevicesWithProject();
    world.server.signOut();
    a.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology 2', { updatedAt: T1 })]);
    await a.sync.syncNow();
    expect(a.sync.status()).toMatchObject({ state: 'paused', pending: 1, message: syncMessages.signedOut });
    const calls = a.net.pushes.length;
    a.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology 3', { updatedAt: T1 })]);
    await a.sync.syncNow();
    expect(a.net.pushes.length).toBe(calls);
    expect(Object.keys(a.store.value(syncStateKeys.outbox) as object)).toEqual(['project/proj_1']);
  });

  it('with storage full, a change still waits to go up and goes up, and nothing throws at the app', async () => {
    const [a, b] = await twoDevicesWithProject();
    const renamed = [project('proj_1', 'Biology, term 2', { updatedAt: T1 })];
    // Room for the app's own write, none for sync's bookkeeping after it.
    const growth = JSON.stringify(renamed).length - (a.store.data.get(storageKeys.projects)?.length ?? 0);
    a.store.quota = [...a.store.data].reduce((sum, [key, text]) => sum + key.length + text.length, 0) + growth;
    a.net.network.set(false);
    expect(() => a.store.appWrite(storageKeys.projects, renamed)).not.toThrow();
    await a.sync.syncNow();
    expect(a.sync.status().pending).toBe(1);
    expect(a.sync.status().message).toContain(syncMessages.storageFull);
    a.net.network.set(true);
    await settle(a, b);
    expect(projectsOf(b.store)).toEqual(renamed);
  });

  it('on the first sign-in without upload, what was here stays here; new work and the account’s come and go', async () => {
    const other = world.device();
    other.store.appWrite(storageKeys.projects, [project('proj_account', 'From the account')]);
    await other.sync.syncNow();
    const store = memoryStore();
    store.appWrite(storageKeys.projects, [project('proj_local', 'Only here')]);
    const a = world.device({ uploadExisting: false }, store);
    await a.sync.syncNow();
    store.appWrite(storageKeys.projects, [...projectsOf(store), project('proj_new', 'New')]);
    store.appWrite(storageKeys.projects, projectsOf(store).map((p) => (p.id === 'proj_local' ? { ...p, name: 'Renamed here' } : p)));
    await settle(a, other);
    expect(world.server.item('project', 'proj_local')).toBeUndefined();
    expect(world.server.item('project', 'proj_new')?.f.name?.v).toBe('New');
    expect(projectsOf(store).map((p) => p.id).sort()).toEqual(['proj_account', 'proj_local', 'proj_new']);
    expect(a.net.pushes.join('')).not.toContain('proj_local');
  });

  it('two devices grading the same card keep both reviews', async () => {
    const a = world.device();
    const b = world.device();
    const card = (reviewId: string, at: string) => ({ cards: { 'art_1:0': { createdAt: T0, reviews: [{ id: reviewId, at, grade: 3 }] } }, attempts: {} });
    a.store.appWrite(storageKeys.study('proj_1'), card('rev_a', '2026-11-27T11:00:00.000Z'));
    b.store.appWrite(storageKeys.study('proj_1'), card('rev_b', '2026-11-27T11:05:00.000Z'));
    await settle(a, b);
    for (const device of [a, b]) {
      const study = device.store.value(storageKeys.study('proj_1')) as { cards: Record<string, { reviews: { id: string }[] }> };
      expect(study.cards['art_1:0']?.reviews.map((review) => review.id)).toEqual(['rev_a', 'rev_b']);
    }
  });

  it('a change made while a push is on its way goes up after it, not lost', async () => {
    const [a, b] = await twoDevicesWithProject();
    let during: (() => void) | undefined = () => a.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology, later', { updatedAt: T1 })]);
    const slow = world.device({
      store: a.store,
      fetch: async (input, init) => {
        // The person renames again while the first rename is on its way.
        if (init?.method === 'POST' && during) [during, during = undefined][0]?.();
        return slow.net.fetch(input, init);
      },
    });
    a.sync.stop();
    a.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology, first', { updatedAt: T0 })]);
    await settle(slow, b);
    expect(projectsOf(b.store).map((p) => p.name)).toEqual(['Biology, later']);
    expect(slow.sync.status().pending).toBe(0);
  });

  it('a failed push keeps the change, says why, and tries again by itself, waiting longer each time', async () => {
    const down = 'Sync is paused: the server cannot reach its database. Your work is kept on this device.';
    const a = world.device({ retryMs: 5, pushDelayMs: 1 });
    world.server.failNext(2, 503, down);
    const statuses: string[] = [];
    a.sync.subscribe((status) => statuses.push(`${status.state} ${status.pending} ${status.message ?? ''}`.trim()));
    a.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology')]);
    await vi.waitFor(() => expect(a.sync.status()).toMatchObject({ state: 'synced', pending: 0 }), { timeout: 10_000 });
    expect(statuses).toContain(`paused 1 ${down}`);
    expect(world.server.item('project', 'proj_1')?.f.name?.v).toBe('Biology');
  });

  it('after the server’s data was restored from an older copy, a device pulls everything again', async () => {
    const [, b] = await twoDevicesWithProject();
    world.server.restoreEmpty();
    const other = world.device();
    other.store.appWrite(storageKeys.projects, [project('proj_2', 'Chemistry')]);
    await settle(other, b);
    expect(projectsOf(b.store).map((p) => p.id).sort()).toEqual(['proj_1', 'proj_2']);
  });

  it('signing out and in again loses neither an edit made here meanwhile nor a newer one from another device', async () => {
    const [a, b] = await twoDevicesWithProject();
    a.sync.stop();
    signOutSync(a.store);
    b.store.appWrite(storageKeys.projects, [project('proj_1', 'Biology, renamed on B', { updatedAt: T1 })]);
    await b.sync.syncNow();
    // Signed out on A: edited here, with no sync running.
    a.store.appWrite(artifactsKey, [artifact('art_1', { topic: 'Cells, edited signed out' })]);
    expect(hasSyncedWith(a.store, 'user_1')).toBe(true);
    const again = world.device({}, a.store);
    await settle(again, b);
    for (const device of [again, b]) {
      expect(projectsOf(device.store).map((p) => p.name)).toEqual(['Biology, renamed on B']);
      expect((device.store.value(artifactsKey) as { topic: string }[]).map((item) => item.topic)).toEqual(['Cells, edited signed out']);
    }
  });

  it('a tool unpinned and pinned again on one device ends pinned on the other', async () => {
    const a = world.device();
    const b = world.device();
    a.store.appWrite(storageKeys.favourites, ['flashcards', 'quiz']);
    await settle(a, b);
    a.store.appWrite(storageKeys.favourites, ['quiz']);
    await settle(a, b);
    expect(b.store.value(storageKeys.favourites)).toEqual(['quiz']);
    a.store.appWrite(storageKeys.favourites, ['quiz', 'flashcards']);
    await settle(a, b);
    expect(b.store.value(storageKeys.favourites)).toEqual(['quiz', 'flashcards']);
  });
});

const T1 = '2026-11-27T12:00:00.000Z';
