import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { oneTabSyncs, waitingMessage } from './syncLeader';
import type { SyncHandle } from './syncTypes';
import { project, projectsOf, settle, testServer } from './testing/devices';

/*
 * Several tabs of one browser: one syncs for all of them, hearing the other
 * tabs' writes, and another takes over when it stops.
 */

let world = testServer();
afterEach(() => {
  world.stopAll();
  world = testServer();
});

describe('tabs of one browser', () => {
  it('a project saved in another tab reaches the other device through the tab that syncs', async () => {
    const here = world.device();
    const phone = world.device();
    // The other tab writes the shared storage; this tab's sync hears it as the storage event.
    here.store.otherTabWrite(storageKeys.projects, [project('proj_tab2', 'Saved in tab 2')]);
    await settle(here, phone);
    expect(projectsOf(phone.store).map((p) => p.id)).toEqual(['proj_tab2']);
  });

  it('only the tab holding the lock syncs; the next one takes over when it stops', async () => {
    const queue: (() => Promise<void>)[] = [];
    let held = false;
    const request = async (_name: string, callback: () => Promise<void>) => {
      const take = async () => {
        held = true;
        await callback();
        held = false;
        queue.shift()?.();
      };
      if (held) queue.push(take);
      else await take();
    };
    const started: string[] = [];
    const fake = (name: string) => (): SyncHandle => {
      started.push(name);
      return { status: () => ({ state: 'synced', pending: 0 }), subscribe: () => () => {}, stop: () => started.push(`${name} stopped`), syncNow: async () => {} };
    };
    const first = oneTabSyncs({ csrfToken: 'x', uploadExisting: true }, fake('tab 1'), request);
    const second = oneTabSyncs({ csrfToken: 'x', uploadExisting: true }, fake('tab 2'), request);
    await Promise.resolve();
    expect(started).toEqual(['tab 1']);
    expect(second.status().message).toBe(waitingMessage);
    first.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['tab 1', 'tab 1 stopped', 'tab 2']);
  });
});
