import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevIdp, type DevIdp } from './testing/devIdp';
import { startHostileIssuer, type HostileIssuer } from './testing/hostileIssuer';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { GATEWAY_ORIGIN, newBrowser } from './testing/browser';
import type { StudyForgeDb } from './database';
import { me, providerEnv, rowCounts, sessionsOf, signIn, signInWorld, startSignIn } from './testing/signInWorld';

/*
 * Signing in against the real local identity provider (oidc-provider, the
 * one `npm run idp:dev` runs), as a browser does, by HTTP with its cookies.
 */

const SCHOOL_ORIGIN = 'https://studyforge.school.test';
let idp: DevIdp;
let district: HostileIssuer;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, redirectUris: [`${GATEWAY_ORIGIN}/auth/callback`, `${SCHOOL_ORIGIN}/auth/callback`] });
  district = await startHostileIssuer();
});

afterAll(async () => {
  await idp.close();
  await district.close();
});

const sessionValue = (browser: { gatewayJar: { cookies: Map<string, string> } }) => browser.gatewayJar.cookies.get('sf_session');

describeOnBothDatabases('signing in with the school provider', (open) => {
  // One database for the block (each test signs in its own people): opening one per test is slow on a busy machine.
  let db: StudyForgeDb;
  beforeAll(async () => {
    db = await open();
  }, 240_000);
  const world = async (more: Record<string, string> = {}) => signInWorld(db, providerEnv(idp.issuer, idp.clientId, idp.clientSecret, { STUDYFORGE_TEACHER_CLAIM: 'roles', ...more }));

  it('a sign-in started from a class link comes back to it; any other return path is ignored', async () => {
    const w = await world();
    const fromJoin = await signIn(w, 'student08@studyforge.test', undefined, 'school', '/join/ABCD2345');
    expect(fromJoin.response.headers.get('location')).toBe('/#/join/ABCD2345');
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/settings', '/join/AB/../../x']) {
      const other = await signIn(w, 'student08@studyforge.test', undefined, 'school', elsewhere);
      expect(other.response.headers.get('location')).toBe('/#/account');
    }
  });

  it('a full sign-in gives a session whose /api/me names the person and their role', async () => {
    const w = await world();
    const teacher = await signIn(w, 'teacher@studyforge.test');
    expect(teacher.response.status).toBe(302);
    expect(teacher.response.headers.get('location')).toBe('/#/account');
    const cookie = teacher.response.headers.getSetCookie().find((line) => line.startsWith('sf_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const teacherMe = await me(teacher.browser);
    expect(teacherMe.status).toBe(200);
    expect(teacherMe.body.user).toMatchObject({ email: 'teacher@studyforge.test', name: 'Demo Teacher', role: 'teacher' });
    expect(typeof teacherMe.body.csrfToken).toBe('string');

    const student = await signIn(w, 'student07@studyforge.test');
    expect((await me(student.browser)).body.user).toMatchObject({ email: 'student07@studyforge.test', name: 'Student 07', role: 'student' });
    // The database keeps the hash of the session id, never the id the cookie holds.
    const stored = await w.db.system.selectFrom('sessions').select('id_hash').execute();
    expect(stored.map((row) => row.id_hash)).not.toContain(sessionValue(student.browser));
    const audit = await w.db.system.selectFrom('audit_log').selectAll().execute();
    expect(audit.filter((row) => row.event === 'sign-in').length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toMatch(/studyforge\.test|Student|Teacher/);
  });

  it('behind https the session cookie is __Host-sf_session, Secure and httpOnly, and the attempt cookie goes', async () => {
    const w = await world({ STUDYFORGE_PUBLIC_URL: SCHOOL_ORIGIN });
    const { response, browser } = await signIn(w, 'student11@studyforge.test', newBrowser(w.app, '192.0.2.11', SCHOOL_ORIGIN));
    expect(response.status).toBe(302);
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((line) => line.startsWith('__Host-sf_session='));
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/Domain=/i);
    expect(cookies.find((line) => line.startsWith('__Host-sf_login='))).toMatch(/Max-Age=0/);
    expect((await me(browser)).body.user).toMatchObject({ email: 'student11@studyforge.test' });
  });

  it('the operator allow-list makes a teacher by address or by @domain; others stay students', async () => {
    const w = await world({ STUDYFORGE_TEACHER_CLAIM: '', STUDYFORGE_TEACHERS: 'student02@studyforge.test, @other.test' });
    expect((await me((await signIn(w, 'student02@studyforge.test')).browser)).body.user).toMatchObject({ role: 'teacher' });
    expect((await me((await signIn(w, 'teacher@studyforge.test')).browser)).body.user).toMatchObject({ role: 'student' });
  });

  it('signing in again gives a new session id and ends the one the browser had', async () => {
    const w = await world();
    const first = await signIn(w, 'student01@studyforge.test');
    const firstId = sessionValue(first.browser);
    const again = await signIn(w, 'student01@studyforge.test', first.browser);
    expect(again.response.status).toBe(302);
    const secondId = sessionValue(again.browser);
    expect(secondId).toBeDefined();
    expect(secondId).not.toBe(firstId);
    const stale = newBrowser(w.app);
    stale.gatewayJar.cookies.set('sf_session', firstId ?? '');
    expect((await me(stale)).status).toBe(401);
    const people = await w.db.system.selectFrom('users').where('email', '=', 'student01@studyforge.test').select('id').execute();
    expect(people).toHaveLength(1);
    expect(await sessionsOf(w.db, 'student01@studyforge.test')).toBe(1);
  });

  it('sign-out ends the session: the old cookie gets 401 afterwards', async () => {
    const w = await world();
    const { browser } = await signIn(w, 'student03@studyforge.test');
    const oldCookie = browser.gatewayJar.header();
    const { body } = await me(browser);
    const out = await browser.gateway('/auth/logout', { method: 'POST', headers: { 'x-csrf-token': String(body.csrfToken) } });
    expect(out.status).toBe(200);
    expect(browser.gatewayJar.cookies.has('sf_session')).toBe(false);
    expect(await sessionsOf(w.db, 'student03@studyforge.test')).toBe(0);
    const replayed = await browser.gateway('/api/me', { headers: { cookie: oldCookie } });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ error: 'Sign in to use this.' });
  });

  it('sign out everywhere ends the other device’s session too, and no one else’s', async () => {
    const w = await world();
    const laptop = await signIn(w, 'student04@studyforge.test');
    const phone = await signIn(w, 'student04@studyforge.test');
    const classmate = await signIn(w, 'student05@studyforge.test');
    const { body } = await me(laptop.browser);
    const out = await laptop.browser.gateway('/auth/logout-everywhere', { method: 'POST', headers: { 'x-csrf-token': String(body.csrfToken) } });
    expect(await out.json()).toEqual({ ok: true, ended: 2 });
    expect((await me(phone.browser)).status).toBe(401);
    expect((await me(laptop.browser)).status).toBe(401);
    expect((await me(classmate.browser)).status).toBe(200);
  });

  it('a session ends when its lifetime is over', async () => {
    const w = await world({ STUDYFORGE_SESSION_HOURS: '2' });
    const { browser } = await signIn(w, 'student06@studyforge.test');
    w.clock.now += 2 * 3_600_000 - 60_000;
    expect((await me(browser)).status).toBe(200);
    w.clock.now += 61_000;
    expect((await me(browser)).status).toBe(401);
  });

  it('a POST without the CSRF token, or with a wrong one, is refused and changes nothing', async () => {
    const w = await world();
    const laptop = await signIn(w, 'student08@studyforge.test');
    await signIn(w, 'student08@studyforge.test');
    const before = await rowCounts(w.db);
    const attempts: Record<string, string>[] = [{}, { 'x-csrf-token': 'not-the-token' }, { 'x-csrf-token': '' }];
    for (const headers of attempts) {
      for (const path of ['/auth/logout', '/auth/logout-everywhere']) {
        const refused = await laptop.browser.gateway(path, { method: 'POST', headers });
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({ error: 'This request could not be verified. Reload the page and try again.' });
      }
    }
    expect(await rowCounts(w.db)).toEqual(before);
    expect((await me(laptop.browser)).status).toBe(200);
  });

  it('sign-in starts are limited per caller address: the one past the limit is refused', async () => {
    const w = await world({ STUDYFORGE_SIGNIN_LIMIT: '3' });
    const crowd = newBrowser(w.app, '198.51.100.7');
    for (let i = 0; i < 3; i += 1) expect((await startSignIn(w, crowd)).response.status).toBe(302);
    const refused = (await startSignIn(w, crowd)).response;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Too many sign-in attempts');
    // Another address is counted on its own.
    expect((await startSignIn(w, newBrowser(w.app, '198.51.100.8'))).response.status).toBe(302);
  });

  it('with several issuers each button signs in with its own, and their people are different accounts', async () => {
    const providers = [
      { id: 'school', label: 'Demo school', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      { id: 'district', label: 'District', issuer: district.issuer, clientId: district.clientId, clientSecret: district.clientSecret },
    ];
    const w = signInWorld(db, { STUDYFORGE_OIDC_PROVIDERS: JSON.stringify(providers) });
    const fromSchool = await signIn(w, 'student10@studyforge.test', undefined, 'school');
    const fromDistrict = await signIn(w, 'someone@hostile.test', undefined, 'district');
    const a = (await me(fromSchool.browser)).body.user as { id: string; email: string };
    const b = (await me(fromDistrict.browser)).body.user as { id: string; email: string };
    expect([a.email, b.email]).toEqual(['student10@studyforge.test', 'someone@hostile.test']);
    expect(a.id).not.toBe(b.id);
    const issuers = await w.db.system.selectFrom('users').where('id', 'in', [a.id, b.id]).select('issuer').execute();
    expect(new Set(issuers.map((row) => new URL(row.issuer).host))).toEqual(new Set([new URL(idp.issuer).host, new URL(district.issuer).host]));
    // With several, the gateway cannot guess which one was meant.
    const unnamed = await newBrowser(w.app).gateway('/auth/login');
    expect(unnamed.status).toBe(400);
    expect(await unnamed.text()).toContain('There is no such sign-in on this StudyForge.');
  });

  it('signed out, /api/me says to sign in', async () => {
    const answer = await me(newBrowser((await world()).app));
    expect(answer).toEqual({ status: 401, body: { error: 'Sign in to use this.' } });
  });
});
