import { describe, expect, it } from 'vitest';
import { CLASS_MESSAGES, type ClassDetail, type JoinInfo } from '../../src/kernel/classes/wire';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { withFreshCode } from './codes';
import { MISSES_PER_MINUTE } from './joinLimit';
import { memberNameOf } from './joinRoutes';
import { CLASS_WORLD_ORIGIN, classWorld, type ClassWorld } from './testing/classWorld';
import { classSnapshot } from './testing/membershipRows';

/*
 * Joining with a code: what the join page is told before anyone joins, a
 * pupil joining with their account (once, however often they press it),
 * the refusals (a wrong, renewed, expired or archived class's code; a
 * teacher of the class), and how fast one address may try codes.
 */

describe('the name a member shows in the class', () => {
  it("is the account's whole name, so two students with one first name stay apart; else the address before the @", () => {
    expect(memberNameOf({ name: '  Maria   Garcia ', email: 'mg@school.test' })).toBe('Maria Garcia');
    expect(memberNameOf({ name: 'Maria Lopez', email: 'ml@school.test' })).toBe('Maria Lopez');
    expect(memberNameOf({ name: null, email: 'sam.lee@school.test' })).toBe('sam.lee');
    expect(memberNameOf({ name: 'x'.repeat(80), email: null })).toHaveLength(60);
  });
});

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A signed-out look-up of a code from one address. */
function lookUp(world: ClassWorld, code: string, address = '198.51.100.7'): Promise<Response> {
  return Promise.resolve(world.app.request(`${CLASS_WORLD_ORIGIN}/api/join/${encodeURIComponent(code)}`, { headers: { 'x-test-address': address } }));
}

/** A code of the right shape that no class has (the world's codes are random; this one is checked). */
async function unusedCode(world: ClassWorld): Promise<string> {
  const taken = new Set((await world.db.system.selectFrom('classes').select('join_code').execute()).map((row) => row.join_code));
  return ['QWERTY23', 'ZXCVBN45', 'ASDFGH67'].find((code) => !taken.has(code)) ?? 'MNBVCX89';
}

describeOnBothDatabases('joining a class with its code', (open) => {
  it('the join page learns the class and its teachers from the code, typed with or without the dash, in any case', async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 7 Science', { allowNameJoin: true });
    const typed = `${made.joinCode.slice(0, 4)}-${made.joinCode.slice(4)}`.toLowerCase();
    for (const code of [made.joinCode, typed]) {
      expect(await json<JoinInfo>(await lookUp(world, code))).toEqual({ className: 'Year 7 Science', teacherNames: [world.teacher.name], allowNameJoin: true });
    }
    expect(await json(await lookUp(world, await unusedCode(world)), 404)).toEqual({ error: CLASS_MESSAGES.badCode });
    expect(await json(await lookUp(world, 'not a code at all'), 404)).toEqual({ error: CLASS_MESSAGES.badCode });
    await world.stop();
  });

  it('an expired code says so; an archived class’s code is simply not valid', async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 7 Science');
    await world.db.system.updateTable('classes').set({ code_expires_at: new Date(world.clock.now - 1_000) }).where('id', '=', made.id).execute();
    expect(await json(await lookUp(world, made.joinCode), 410)).toEqual({ error: CLASS_MESSAGES.codeExpired });
    expect(await json(await world.request(world.students[0], 'POST', '/api/join', { code: made.joinCode }), 410)).toEqual({ error: CLASS_MESSAGES.codeExpired });

    const archived = await world.createClassAs(world.teacher, 'Last year');
    await world.db.system.updateTable('classes').set({ archived_at: new Date() }).where('id', '=', archived.id).execute();
    expect(await json(await lookUp(world, archived.joinCode), 404)).toEqual({ error: CLASS_MESSAGES.badCode });
    expect(await json(await world.request(world.students[0], 'POST', '/api/join', { code: archived.joinCode }), 404)).toEqual({ error: CLASS_MESSAGES.badCode });
    expect(await world.db.system.selectFrom('class_members').select('user_id').execute()).toEqual([]);
    await world.stop();
  });

  it("a pupil joins under their account's name; joining again is the same class and changes nothing", async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 7 Science');
    const [sam] = world.students;
    expect(await json(await world.request(sam, 'POST', '/api/join', { code: made.joinCode.toLowerCase() }))).toEqual({ classId: made.id });
    const once = await classSnapshot(world.db, made.id);
    expect(once.class_members).toHaveLength(1);
    expect(JSON.parse(once.class_members?.[0] ?? '{}')).toMatchObject({ user_id: sam.id, display_name: sam.name });
    world.clock.now += 60_000;
    expect(await json(await world.request(sam, 'POST', '/api/join', { code: made.joinCode }))).toEqual({ classId: made.id });
    expect(await classSnapshot(world.db, made.id)).toEqual(once);
    await world.stop();
  });

  it('an account with no name joins under the start of its address', async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 7 Science');
    const nameless = await world.addPerson('kim', 'student');
    await world.db.system.updateTable('users').set({ name: null }).where('id', '=', nameless.id).execute();
    await json(await world.request(nameless, 'POST', '/api/join', { code: made.joinCode }));
    const roster = (await json<ClassDetail>(await world.request(world.teacher, 'GET', `/api/classes/${made.id}`))).roster;
    expect(roster?.map((entry) => entry.name)).toEqual([nameless.email.split('@')[0]]);
    await world.stop();
  });

  it('a teacher of the class cannot join it as a pupil; a wrong code joins no one', async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 7 Science');
    expect(await json(await world.request(world.teacher, 'POST', '/api/join', { code: made.joinCode }), 409)).toEqual({ error: CLASS_MESSAGES.alreadyTeacher });
    expect(await json(await world.request(world.students[0], 'POST', '/api/join', { code: await unusedCode(world) }), 404)).toEqual({ error: CLASS_MESSAGES.badCode });
    expect(await json(await world.request(world.students[0], 'POST', '/api/join', { code: made.joinCode, classId: made.id }), 400)).toEqual({ error: 'This request cannot include "classId".' });
    expect(await world.db.system.selectFrom('class_members').select('user_id').execute()).toEqual([]);
    await world.stop();
  });

  it('one address trying wrong codes is stopped within a minute, right codes too; a whole class on one address is not', async () => {
    const world = await classWorld(await open());
    const made = await world.createClassAs(world.teacher, 'Year 7 Science');
    // A class of 40 behind one school address opens the link: every look-up names the class, none is refused.
    for (let pupil = 0; pupil < 40; pupil += 1) expect((await lookUp(world, made.joinCode, '203.0.113.1')).status).toBe(200);

    const wrong = await unusedCode(world);
    for (let guess = 0; guess < MISSES_PER_MINUTE; guess += 1) expect((await lookUp(world, wrong, '203.0.113.66')).status).toBe(404);
    // Over the limit every code is refused, the right one too, so a hit cannot be told from a miss.
    expect(await json(await lookUp(world, made.joinCode, '203.0.113.66'), 429)).toEqual({ error: CLASS_MESSAGES.tooManyJoins });
    expect((await lookUp(world, made.joinCode, '203.0.113.1')).status).toBe(200);
    world.clock.now += 60_000;
    expect((await lookUp(world, made.joinCode, '203.0.113.66')).status).toBe(200);
    await world.stop();
  });

  it('a new code is drawn again when another class already has the one drawn', async () => {
    const world = await classWorld(await open());
    const taken = await world.createClassAs(world.teacher, 'Year 7 Science');
    const draws = [taken.joinCode, 'QWERTY23'];
    const drawn: string[] = [];
    const classId = 'class-made-on-the-second-draw';
    await withFreshCode(
      (code) =>
        world.db.asUser(world.teacher.id, async (trx) => {
          await trx.selectNoFrom((eb) => eb.fn('studyforge_create_class', [eb.val(classId), eb.val('Second'), eb.val(''), eb.val(''), eb.val(code), eb.val(false)]).as('made')).execute();
        }),
      () => {
        const code = draws.shift() ?? 'ZXCVBN45';
        drawn.push(code);
        return code;
      },
    );
    expect(drawn).toEqual([taken.joinCode, 'QWERTY23']);
    const row = await world.db.system.selectFrom('classes').select('join_code').where('id', '=', classId).executeTakeFirstOrThrow();
    expect(row.join_code).toBe('QWERTY23');
    await world.stop();
  });
});
