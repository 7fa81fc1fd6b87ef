// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { accountsConfig, environmentDefaults } from './settings';

/* Sign-in's providers come from the gateway's config element only, and only when it names them. */

function inject(text: string, where: 'head' | 'body' = 'head'): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'studyforge-config';
  element.textContent = text;
  document[where].append(element);
}

afterEach(() => document.querySelectorAll('#studyforge-config').forEach((element) => element.remove()));

const base = { backendUrl: 'https://gateway.example', publicKey: 'pk', transcribeUrl: '' };

describe('accountsConfig', () => {
  it('is undefined when the gateway has sign-in off (today’s config), and the backend settings are as before', () => {
    inject(JSON.stringify(base));
    expect(accountsConfig()).toBeUndefined();
    expect(environmentDefaults()).toEqual({ backendUrl: 'https://gateway.example', publicKey: 'pk', transcribeUrl: '' });
  });

  it('gives the providers the gateway named, and keeps them out of the backend settings', () => {
    const providers = [{ id: 'school', label: 'School account' }];
    inject(JSON.stringify({ ...base, accounts: { providers } }));
    expect(accountsConfig()).toEqual({ providers });
    expect(environmentDefaults()).not.toHaveProperty('accounts');
  });

  it('refuses providers of the wrong shape, and an element outside <head> (it could come from an answer)', () => {
    inject(JSON.stringify({ ...base, accounts: { providers: [{ id: 7 }] } }));
    expect(accountsConfig()).toBeUndefined();
    document.head.querySelector('#studyforge-config')?.remove();
    inject(JSON.stringify({ ...base, accounts: { providers: [] } }), 'body');
    expect(accountsConfig()).toBeUndefined();
  });
});
