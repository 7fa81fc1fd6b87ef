import { expect, it } from 'vitest';
import { CLASS_MESSAGES, type ClassDetail, type JoinReply } from '../../src/kernel/classes/wire';
import { auditActor } from '../accounts/audit';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { GUEST_ISSUER } from './retention';
import { CROSS_SITE_JOIN, SIGNED_IN_USE_JOIN } from './guestJoin';
import { GUESTS_PER_MINUTE } from './joinLimit';
import { CLASS_WORLD_ORIGIN, CLASS_WORLD_SECRET, classWorld, type ClassWorld, type WorldPerson } from './testing/classWorld';

/*
 * Joining with the code and a first name only: a guest account, signed in
 * with the session cookie a sign-in sets, in the class under that name.
 * Only where the teacher allows it, only from the app itself (a page on
 * another site cannot sign its visitor in as a guest), never over a
 * session the browser already has, and not in bulk from one address.
 */

const SAME_ORIGIN = { origin: CLASS_WORLD_ORIGIN, 'sec-fetch-site': 'same-origin' };

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

function joinByName(world: ClassWorld, body: unknown, headers: Record<string, string> = SAME_ORIGIN): Promise<Response> {
  return Promise.resolve(
    world.app.request(`${CLASS_WORLD_ORIGIN}/api/join/name`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
  );
}

async function guestCount(world: ClassWorld): Promise<number> {
  return (await world.db.system.selectFrom('users').select('id').where('issuer', '=', GUEST_ISSUER).execute()).length;
}

/** The session cookie a reply set, as a person the world's request can send. */
function guestFrom(world: ClassWorld, response: Response, reply: JoinReply, id: string): WorldPerson {
  const cookie = response.headers.get('set-cookie') ?? '';
  const value = new RegExp(`${world.settings.sessionCookie}=([^;]+)`).exec(cookie)?.[1] ?? '';
  return { id, name: 'Mia', email: '', role: 'student', cookieValue: value, csrfToken: reply.csrfToken ?? '' };
}

describeOnBothDatabases('joining with a first name only', (open) => {
  it('makes a guest account in the class under that name, signed in with the sign-in cookie', async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 2 Reading', { allowNameJoin: true });
    const response = await joinByName(world, { code: made.joinCode.toLowerCase(), firstName: '  Mia ' });
    const reply = await json<JoinReply>(response);
    expect(reply).toEqual({ classId: made.id, csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${world.settings.sessionCookie}=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=/; HttpOnly; SameSite=Lax$`));

    const [guest] = await world.db.system.selectFrom('users').selectAll().where('issuer', '=', GUEST_ISSUER).execute();
    expect(guest).toMatchObject({ name: 'Mia', email: null, role: 'student' });
    expect(guest?.subject).toMatch(/^[0-9a-f-]{36}$/);
    const audit = await world.db.system.selectFrom('audit_log').select(['event', 'detail', 'actor']).execute();
    expect(audit).toEqual([{ event: 'sign-in', detail: 'class code', actor: auditActor(CLASS_WORLD_SECRET, guest?.id ?? '') }]);

    const mia = guestFrom(world, response, reply, guest?.id ?? '');
    expect(await json<ClassDetail>(await world.request(mia, 'GET', `/api/classes/${made.id}`))).toMatchObject({ id: made.id, role: 'member' });
    const roster = (await json<ClassDetail>(await world.request(world.teacher, 'GET', `/api/classes/${made.id}`))).roster;
    expect(roster?.map((entry) => [entry.name, entry.guest])).toEqual([['Mia', true]]);
    await world.stop();
  });

  it('is refused where the teacher has not allowed it, and to a browser already signed in', async () => {
    const world = await classWorld(await open());
    const closed = await world.createClassAs(world.teacher, 'Year 9 History');
    expect(await json(await joinByName(world, { code: closed.joinCode, firstName: 'Mia' }), 403)).toEqual({ error: CLASS_MESSAGES.nameJoinOff });
    const allowed = await world.createClassAs(world.teacher, 'Year 2 Reading', { allowNameJoin: true });
    const signedIn = { ...SAME_ORIGIN, cookie: `${world.settings.sessionCookie}=${world.students[0].cookieValue}` };
    expect(await json(await joinByName(world, { code: allowed.joinCode, firstName: 'Mia' }, signedIn), 409)).toEqual({ error: SIGNED_IN_USE_JOIN });
    expect(await guestCount(world)).toBe(0);
    expect(await world.db.system.selectFrom('class_members').select('user_id').execute()).toEqual([]);
    await world.stop();
  });

  it('is refused from a page on another site, or from a request that does not say where it comes from', async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 2 Reading', { allowNameJoin: true });
    const body = { code: made.joinCode, firstName: 'Mia' };
    const refused: Record<string, string>[] = [{ origin: 'https://games.example', 'sec-fetch-site': 'cross-site' }, { origin: 'https://games.example' }, { 'sec-fetch-site': 'same-site' }, {}];
    for (const headers of refused) {
      expect(await json(await joinByName(world, body, headers), 403), JSON.stringify(headers)).toEqual({ error: CROSS_SITE_JOIN });
    }
    expect(await guestCount(world)).toBe(0);
    // The app itself, by Origin alone (a browser without Sec-Fetch-Site), is let through.
    await json(await joinByName(world, body, { origin: CLASS_WORLD_ORIGIN }));
    expect(await guestCount(world)).toBe(1);
    await world.stop();
  });

  it('one address makes at most a large class of guests a minute', async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 2 Reading', { allowNameJoin: true });
    for (let pupil = 0; pupil < GUESTS_PER_MINUTE; pupil += 1) expect((await joinByName(world, { code: made.joinCode, firstName: `Pupil${pupil}` })).status).toBe(200);
    expect(await json(await joinByName(world, { code: made.joinCode, firstName: 'OneTooMany' }), 429)).toEqual({ error: CLASS_MESSAGES.tooManyJoins });
    expect(await guestCount(world)).toBe(GUESTS_PER_MINUTE);
    await world.stop();
  }, 60_000);

  it('a guest removed from their only class loses the guest account and its session', async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 2 Reading', { allowNameJoin: true });
    const response = await joinByName(world, { code: made.joinCode, firstName: 'Mia' });
    const reply = await json<JoinReply>(response);
    const [guest] = await world.db.system.selectFrom('users').select('id').where('issuer', '=', GUEST_ISSUER).execute();
    const mia = guestFrom(world, response, reply, guest?.id ?? '');
    await json(await world.request(world.teacher, 'DELETE', `/api/classes/${made.id}/members/${mia.id}`));
    expect(await guestCount(world)).toBe(0);
    expect(await world.db.system.selectFrom('sessions').select('user_id').where('user_id', '=', mia.id).execute()).toEqual([]);
    expect((await world.request(mia, 'GET', '/api/classes')).status).toBe(401);
    await world.stop();
  });
});
