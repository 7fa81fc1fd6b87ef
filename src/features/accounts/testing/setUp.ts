import { afterEach, beforeEach, vi } from 'vitest';
import { fakeAccountServer, type FakeAccountServer } from './fakeAccountServer';
import { fakeSyncClient } from './fakeSyncClient';
import type { AccountUser } from '../accountApi';

/*
 * What the accounts tests share: the gateway's config element (one provider
 * unless a test says otherwise), a fresh copy of the feature's modules, the
 * fake server as fetch, and a fake sync client in place of the real one.
 */

const sync = vi.hoisted(() => ({ current: null as null | { client: unknown } }));
vi.mock('../syncClient', () => ({ loadSyncClient: async () => sync.current?.client }));

/** Each test's own sync client: read it inside the test (it is replaced before each). */
export function useFakeSync(): () => ReturnType<typeof fakeSyncClient> {
  let fake = fakeSyncClient({ localData: false });
  beforeEach(() => {
    injectConfig(oneProvider);
    fake = fakeSyncClient({ localData: false });
    sync.current = fake;
  });
  afterEach(() => vi.unstubAllGlobals());
  return () => fake;
}

export function injectConfig(config: object | null): void {
  document.head.querySelector('#studyforge-config')?.remove();
  if (!config) return;
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'studyforge-config';
  element.textContent = JSON.stringify({ backendUrl: '.', publicKey: '', transcribeUrl: '', ...config });
  document.head.append(element);
}

export const oneProvider = { accounts: { providers: [{ id: 'school', label: 'School account' }] } };
export const twoProviders = {
  accounts: {
    providers: [
      { id: 'google', label: 'Google' },
      { id: 'entra', label: 'Microsoft' },
    ],
  },
};

/** The gateway as fetch, and the feature's modules loaded afresh (each page load asks who is signed in once). */
export async function freshAccounts(user: AccountUser | null): Promise<{
  server: FakeAccountServer;
  actions: typeof import('../accountActions');
  state: typeof import('../accountState');
}> {
  vi.resetModules();
  const server = fakeAccountServer({ user });
  vi.stubGlobal('fetch', server.fetch);
  const [actions, state] = await Promise.all([import('../accountActions'), import('../accountState')]);
  return { server, actions, state };
}
