import { vi } from 'vitest';
import { fakeAccountServer, type FakeAccountServer } from './fakeAccountServer';
import type { AccountUser } from '../accountApi';

/* What the accounts tests share: the gateway's config element, a fresh copy of the feature's modules, the fake server as fetch. */

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
