// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveBackend } from './resolveBackend';
import { effectiveSettings } from './settings';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllEnvs());

describe('backend settings', () => {
  const defaults = { backendUrl: 'https://env.example', publicKey: 'env-key', transcribeUrl: 'https://speech.example' };

  it('uses the build environment unless the user stored an override', () => {
    expect(effectiveSettings({}, defaults)).toEqual(defaults);
    expect(effectiveSettings({ backendUrl: 'https://mine.example/', publicKey: ' k ', transcribeUrl: '' }, defaults)).toEqual({
      backendUrl: 'https://mine.example',
      publicKey: 'k',
      transcribeUrl: '',
    });
  });

  it('treats a stored blank URL as "use the offline samples"', () => {
    const settings = effectiveSettings({ backendUrl: '' }, defaults);
    expect(resolveBackend(settings).kind).toBe('sample');
    expect(resolveBackend(defaults).kind).toBe('contract');
  });

  it('reads the environment variables named in the README', () => {
    vi.stubEnv('VITE_STUDYFORGE_BACKEND_URL', 'https://project.supabase.co');
    vi.stubEnv('VITE_STUDYFORGE_PUBLIC_KEY', 'anon');
    vi.stubEnv('VITE_STUDYFORGE_TRANSCRIBE_URL', 'https://speech.example/');
    expect(effectiveSettings({})).toEqual({
      backendUrl: 'https://project.supabase.co',
      publicKey: 'anon',
      transcribeUrl: 'https://speech.example',
    });
  });
});

describe('when served by the gateway', () => {
  afterEach(() => document.getElementById('studyforge-config')?.remove());

  it('uses the settings the gateway wrote into the page, resolving "." to the page folder', () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'studyforge-config';
    element.textContent = JSON.stringify({ backendUrl: '.', publicKey: 'anon', transcribeUrl: '' });
    document.head.append(element);
    expect(effectiveSettings({})).toEqual({ backendUrl: new URL('.', location.href).href.replace(/\/+$/, ''), publicKey: 'anon', transcribeUrl: '' });
  });

  it("gives the gateway's public key to its own transcription route only, not to a transcription URL the user set", () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'studyforge-config';
    element.textContent = JSON.stringify({ backendUrl: '', publicKey: 'anon', transcribeUrl: '.' });
    document.head.append(element);
    expect(effectiveSettings({}).transcribeKey).toBe('anon');
    expect(effectiveSettings({ transcribeUrl: 'https://speech.example' }).transcribeKey).toBeUndefined();
  });

  it('ignores an unreadable one', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const element = document.createElement('script');
    element.type = 'application/json'; // Data, not code: jsdom (like a browser) must not run it.
    element.id = 'studyforge-config';
    element.textContent = '{oops';
    document.head.append(element);
    vi.stubEnv('VITE_STUDYFORGE_BACKEND_URL', 'https://env.example');
    expect(effectiveSettings({}).backendUrl).toBe('https://env.example');
  });
});
