import type { Artifact, Project } from '../../projects';
import { storageKeys } from '../../../kernel/stored/storage';
import { runSync } from '../syncClient';
import type { SyncHandle, SyncOptions } from '../syncTypes';
import { memoryServer, type Device } from './memoryServer';
import { memoryStore, type MemoryStore } from './memoryStore';

/*
 * Devices for the sync tests: each a storage, a connection to the in-memory
 * server and a running sync, driven by syncNow (the push delay and retries
 * are set far out so nothing happens behind a test's back).
 */

export interface TestDevice {
  store: MemoryStore;
  net: Device;
  sync: SyncHandle;
  /** Stops this device's sync and starts a new one over the same storage, as a reload does. */
  reload(options?: Partial<SyncOptions>): void;
}

export const T0 = '2026-11-27T10:00:00.000Z';

export function testServer() {
  const server = memoryServer();
  const running: SyncHandle[] = [];
  function device(options: Partial<SyncOptions> = {}, store: MemoryStore = memoryStore()): TestDevice {
    const net = server.device();
    const start = (more: Partial<SyncOptions>) => {
      const sync = runSync({
        csrfToken: 'csrf-token',
        uploadExisting: true,
        userId: 'user_1',
        store,
        fetch: net.fetch,
        feed: net.feed,
        network: net.network,
        pushDelayMs: 600_000,
        retryMs: 600_000,
        deletionGraceMs: 0,
        ...options,
        ...more,
      });
      running.push(sync);
      return sync;
    };
    const device: TestDevice = {
      store,
      net,
      sync: start({}),
      reload(more = {}) {
        device.sync.stop();
        device.sync = start(more);
      },
    };
    return device;
  }
  return { server, device, stopAll: () => running.forEach((sync) => sync.stop()) };
}

export const project = (id: string, name: string, extra: Partial<Project> = {}): Project => ({ id, name, createdAt: T0, ...extra });

export function artifact(id: string, extra: Partial<Artifact> = {}): Artifact {
  return { id, createdAt: T0, toolId: 'flashcards', data: { cards: [] }, ...extra } as Artifact;
}

export function projectsOf(store: MemoryStore): Project[] {
  return (store.value(storageKeys.projects) as Project[] | undefined) ?? [];
}

/** Both devices pull and push until neither has anything left to send. */
export async function settle(...devices: TestDevice[]) {
  for (let round = 0; round < 3; round++) for (const device of devices) await device.sync.syncNow();
}
