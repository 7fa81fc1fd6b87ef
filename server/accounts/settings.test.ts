import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withDeploymentSecret } from './deploymentSecret';
import type { VerifiedIdentity } from './oidc';
import { accountSettingsFromEnv, type AccountSettings } from './settings';
import { roleOf } from './users';

const one = { STUDYFORGE_OIDC_ISSUER: 'https://accounts.example.edu', STUDYFORGE_OIDC_CLIENT_ID: 'studyforge', STUDYFORGE_OIDC_CLIENT_SECRET: 's' };

function settingsOf(env: Record<string, string>): AccountSettings {
  const settings = accountSettingsFromEnv(env);
  if (!settings) throw new Error('sign-in should be on');
  return settings;
}

describe('sign-in settings from the environment', () => {
  it('is off with no provider named, so npm start opens no database', () => {
    expect(accountSettingsFromEnv({})).toBeNull();
    expect(accountSettingsFromEnv({ PORT: '8787', STUDYFORGE_TEACHERS: '@school.edu' })).toBeNull();
  });

  it('behind https the session cookie is __Host- and Secure; on plain http it is sf_session', () => {
    const tls = settingsOf({ ...one, STUDYFORGE_PUBLIC_URL: 'https://studyforge.example.edu' });
    expect(tls).toMatchObject({ sessionCookie: '__Host-sf_session', loginCookie: '__Host-sf_login', secureCookies: true, callbackUrl: 'https://studyforge.example.edu/auth/callback' });
    const local = settingsOf({ ...one, PORT: '9000' });
    expect(local).toMatchObject({ sessionCookie: 'sf_session', secureCookies: false, callbackUrl: 'http://127.0.0.1:9000/auth/callback', sessionHours: 12 });
  });

  it('refuses an http issuer that is not on this machine, and half a configuration, naming the variable', () => {
    expect(() => accountSettingsFromEnv({ ...one, STUDYFORGE_OIDC_ISSUER: 'http://accounts.example.edu' })).toThrow(/STUDYFORGE_OIDC_ISSUER must be an https address/);
    expect(() => accountSettingsFromEnv({ STUDYFORGE_OIDC_ISSUER: 'https://accounts.example.edu' })).toThrow(/STUDYFORGE_OIDC_CLIENT_ID/);
    expect(() => accountSettingsFromEnv({ ...one, STUDYFORGE_SESSION_HOURS: 'forever' })).toThrow(/STUDYFORGE_SESSION_HOURS/);
    expect(() => accountSettingsFromEnv({ ...one, STUDYFORGE_SESSION_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('several issuers come from STUDYFORGE_OIDC_PROVIDERS, each with its own id and label', () => {
    const providers = JSON.stringify([
      { id: 'google', label: 'Google', issuer: 'https://accounts.google.com', clientId: 'a', clientSecret: 'x' },
      { id: 'entra', label: 'Microsoft', issuer: 'https://login.microsoftonline.com/tenant/v2.0', clientId: 'b' },
    ]);
    const settings = settingsOf({ STUDYFORGE_OIDC_PROVIDERS: providers });
    expect(settings.providers.map((p) => [p.id, p.label, p.clientSecret])).toEqual([['google', 'Google', 'x'], ['entra', 'Microsoft', undefined]]);
    expect(() => accountSettingsFromEnv({ STUDYFORGE_OIDC_PROVIDERS: '[{"id":"Bad Id","issuer":"https://a.example","clientId":"c"}]' })).toThrow(/\.id must be/);
    expect(() => accountSettingsFromEnv({ STUDYFORGE_OIDC_PROVIDERS: 'not json' })).toThrow(/JSON array/);
  });
});

describe('who is a teacher', () => {
  const identity = (claims: Record<string, unknown>, email: string | null, emailVerified?: boolean): VerifiedIdentity => ({
    issuer: 'https://accounts.example.edu/',
    subject: 's',
    email,
    emailVerified,
    name: null,
    claims,
  });
  const settings = settingsOf({ ...one, STUDYFORGE_TEACHER_CLAIM: 'roles', STUDYFORGE_TEACHERS: 'Head@Example.edu, @staff.example.edu' });

  it('the claim, the listed address or the listed domain makes a teacher; anyone else is a student', () => {
    expect(roleOf(identity({ roles: ['Teacher'] }, null), settings)).toBe('teacher');
    expect(roleOf(identity({ roles: 'staff teacher' }, null), settings)).toBe('teacher');
    expect(roleOf(identity({}, 'head@example.edu'), settings)).toBe('teacher');
    expect(roleOf(identity({}, 'anyone@staff.example.edu'), settings)).toBe('teacher');
    expect(roleOf(identity({ roles: ['teachers-aide'] }, 'pupil@example.edu'), settings)).toBe('student');
    expect(roleOf(identity({}, 'someone@notstaff.example.edu'), settings)).toBe('student');
  });

  it('an address the provider says it has not verified never matches the allow-list', () => {
    expect(roleOf(identity({}, 'head@example.edu', false), settings)).toBe('student');
    expect(roleOf(identity({}, 'head@example.edu', true), settings)).toBe('teacher');
  });
});

describe("the deployment's secret", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('with the embedded database one is made once, kept only for its owner, and read again after a restart', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-secret-'));
    dirs.push(dataDir);
    const first = withDeploymentSecret(settingsOf(one), { dataDir }).secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(withDeploymentSecret(settingsOf(one), { dataDir }).secret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dataDir, 'session-secret')).mode & 0o077).toBe(0);
  });

  it('several instances on one PostgreSQL must be given the same one: starting without it says so', () => {
    expect(() => withDeploymentSecret(settingsOf(one), { url: 'postgres://db.example/studyforge' })).toThrow(/STUDYFORGE_SESSION_SECRET/);
    const given = settingsOf({ ...one, STUDYFORGE_SESSION_SECRET: 'x'.repeat(40) });
    expect(withDeploymentSecret(given, { url: 'postgres://db.example/studyforge' }).secret).toBe('x'.repeat(40));
  });
});
