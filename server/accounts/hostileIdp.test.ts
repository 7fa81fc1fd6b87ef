import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import type { StudyForgeDb } from './database';
import { GATEWAY_ORIGIN, newBrowser } from './testing/browser';
import { startDevIdp, type DevIdp } from './testing/devIdp';
import { startHostileIssuer, type HostileIssuer, type HostileMode } from './testing/hostileIssuer';
import { me, providerEnv, rowCounts, signIn, signInWorld, startSignIn, type SignInWorld } from './testing/signInWorld';

/*
 * Hostile answers at the sign-in callback. Each one is refused with a 4xx
 * and a plain sentence, and writes no users or sessions row.
 */

let hostile: HostileIssuer;
let idp: DevIdp;

beforeAll(async () => {
  hostile = await startHostileIssuer();
  idp = await startDevIdp({ port: 0, redirectUris: [`${GATEWAY_ORIGIN}/auth/callback`] });
});

afterAll(async () => {
  await hostile.close();
  await idp.close();
});

const UNVERIFIED = "Your school's answer could not be verified, so you are not signed in.";

describeOnBothDatabases('hostile answers to a sign-in', (open) => {
  let db: StudyForgeDb;
  let world: SignInWorld;
  beforeAll(async () => {
    db = await open();
  }, 240_000);
  beforeEach(() => {
    hostile.mode = 'honest';
    hostile.codesReusable = false;
    world = signInWorld(db, providerEnv(hostile.issuer, hostile.clientId, hostile.clientSecret));
  });

  it('an honest answer from the same issuer signs in (the refusals below are the tokens’ fault)', async () => {
    const { response, browser } = await signIn(world, 'someone@hostile.test');
    expect(response.status).toBe(302);
    expect((await me(browser)).body.user).toMatchObject({ email: 'someone@hostile.test', role: 'student' });
  });

  const lies: [HostileMode, string][] = [
    ['forged', 'signed by a key that is not the issuer’s'],
    ['expired', 'expired'],
    ['wrong-issuer', 'naming another issuer'],
    ['wrong-audience', 'meant for another app'],
    ['alg-none', 'unsigned (alg none)'],
    ['hs256', 'signed with the client secret (HS256)'],
    ['wrong-nonce', 'made for another sign-in (wrong nonce)'],
  ];
  for (const [mode, what] of lies) {
    it(`an ID token ${what} is refused and writes nothing`, async () => {
      hostile.mode = mode;
      const before = await rowCounts(db);
      const { response, browser } = await signIn(world, 'someone@hostile.test');
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(UNVERIFIED);
      expect(browser.gatewayJar.cookies.has('sf_session')).toBe(false);
      expect(await rowCounts(db)).toEqual(before);
    });
  }

  it('the same callback sent again is refused, even by a provider that would take its code twice', async () => {
    hostile.codesReusable = true;
    const before = await rowCounts(db);
    // What an attacker replays: the callback address and the attempt cookie the browser sent with it.
    const replay = newBrowser(world.app);
    const { response: started } = await startSignIn(world, replay);
    expect(started.status).toBe(302);
    const attemptCookie = replay.gatewayJar.header();
    const secondStart = started.headers.get('location') ?? '';
    const callback = (await fetch(secondStart, { redirect: 'manual' })).headers.get('location') ?? '';
    const once = await replay.gateway(callback.slice(GATEWAY_ORIGIN.length), { headers: { cookie: attemptCookie } });
    expect(once.status).toBe(302);
    const afterFirst = await rowCounts(db);
    expect(afterFirst.sessions).toBe(before.sessions + 1);
    const twice = await replay.gateway(callback.slice(GATEWAY_ORIGIN.length), { headers: { cookie: attemptCookie } });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain('This sign-in link has already been used.');
    expect(await rowCounts(db)).toEqual(afterFirst);
  });

  it('a callback without its state, or without the attempt’s cookie, is refused and writes nothing', async () => {
    const browser = newBrowser(world.app);
    const { response: started } = await startSignIn(world, browser);
    const callback = new URL((await fetch(started.headers.get('location') ?? '', { redirect: 'manual' })).headers.get('location') ?? '');
    const before = await rowCounts(db);
    const withoutState = new URL(callback);
    withoutState.searchParams.delete('state');
    const noState = await browser.gateway(`${withoutState.pathname}${withoutState.search}`, { headers: { cookie: browser.gatewayJar.header() } });
    expect(noState.status).toBe(400);
    expect(await noState.text()).toContain('This sign-in link is incomplete.');
    // Another browser (a link sent to a victim: login CSRF) has no attempt cookie.
    const otherBrowser = await newBrowser(world.app).gateway(`${callback.pathname}${callback.search}`);
    expect(otherBrowser.status).toBe(400);
    expect(await otherBrowser.text()).toContain('started in another browser');
    expect(await rowCounts(db)).toEqual(before);
  });

  it('an attempt finished more than 10 minutes after it started, or sealed by another deployment, is refused', async () => {
    const browser = newBrowser(world.app);
    const { response: started } = await startSignIn(world, browser);
    const callback = new URL((await fetch(started.headers.get('location') ?? '', { redirect: 'manual' })).headers.get('location') ?? '');
    const attemptCookie = browser.gatewayJar.header();
    const before = await rowCounts(db);
    // The same cookie at another deployment (another secret) cannot be opened there.
    const elsewhere = signInWorld(db, providerEnv(hostile.issuer, hostile.clientId, hostile.clientSecret), 'another-deployment-secret-of-forty-characters');
    const foreign = await newBrowser(elsewhere.app).gateway(`${callback.pathname}${callback.search}`, { headers: { cookie: attemptCookie } });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('This sign-in has expired');
    world.clock.now += 10 * 60_000 + 1_000;
    const late = await browser.gateway(`${callback.pathname}${callback.search}`, { headers: { cookie: attemptCookie } });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('This sign-in has expired');
    expect(await rowCounts(db)).toEqual(before);
  });

  it('a session cookie from another deployment is not a session here', async () => {
    const elsewhereDb = await open();
    const elsewhere = signInWorld(elsewhereDb, providerEnv(idp.issuer, idp.clientId, idp.clientSecret), 'another-deployment-secret-of-forty-characters');
    const signedInElsewhere = await signIn(elsewhere, 'student09@studyforge.test');
    expect((await me(signedInElsewhere.browser)).status).toBe(200);
    const here = signInWorld(db, providerEnv(idp.issuer, idp.clientId, idp.clientSecret));
    const before = await rowCounts(db);
    const carried = newBrowser(here.app);
    carried.gatewayJar.cookies.set('sf_session', signedInElsewhere.browser.gatewayJar.cookies.get('sf_session') ?? '');
    const answer = await me(carried);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'Sign in to use this.' });
    const logout = await carried.gateway('/auth/logout-everywhere', { method: 'POST', headers: { 'x-csrf-token': 'anything' } });
    expect(logout.status).toBe(401);
    expect(await rowCounts(db)).toEqual(before);
  }, 240_000);
});
