// @vitest-environment jsdom
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { onStorageChange } from '../../kernel/stored/otherTabs';
import { storageKeys } from '../../kernel/stored/storage';
import { useProjects } from '../projects';
import { projectsOf, settle, testServer } from './testing/devices';
import { browserStore } from './localStore';

/*
 * One device is this browser tab, with the app's real projects store: what
 * another device saved reaches the store the screens read (through the same
 * announcement another tab's write takes), and a change made through the
 * store (writeStored) is heard by sync and reaches the other device.
 */

let world = testServer();
const stopFollowing = onStorageChange((key) => useProjects.getState().syncFromStorage(key));
afterEach(() => {
  world.stopAll();
  world = testServer();
  localStorage.clear();
  useProjects.getState().reload();
});

describe('sync in this tab', () => {
  it('shows another device’s project in the projects store, and sends this tab’s rename back', async () => {
    const other = world.device();
    // This tab: the browser's storage and the app's own storage functions.
    const tab = world.device({ store: browserStore });
    other.store.appWrite(storageKeys.projects, [{ id: 'proj_1', name: 'Biology', createdAt: '2026-11-27T10:00:00.000Z' }]);
    await settle(other, tab);
    expect(useProjects.getState().projects.map((p) => p.name)).toEqual(['Biology']);

    useProjects.getState().renameProject('proj_1', 'Biology, term 2');
    await settle(tab, other);
    expect(projectsOf(other.store).map((p) => p.name)).toEqual(['Biology, term 2']);
    // The store's re-read after sync's write sent nothing back up as a change of its own.
    expect(tab.net.pushes.filter((body) => body.includes('Biology"'))).toEqual([]);
  });

  it('a project this tab creates is sent without any call from the store to sync', async () => {
    const tab = world.device({ store: browserStore });
    const created = useProjects.getState().createProject('Chemistry');
    await tab.sync.syncNow();
    expect(world.server.item('project', created.id)?.f.name?.v).toBe('Chemistry');
  });
});

afterAll(stopFollowing);
