import { Hono } from 'hono';
import { mountAccounts } from '../../accounts/mount';
import type { OidcClients } from '../../accounts/oidc';
import { SignInRefused } from '../../accounts/oidc';
import { accountSettingsFromEnv, type AccountSettings } from '../../accounts/settings';
import type { StudyForgeDb } from '../../database/database';
import type { UserRole } from '../../database/schema';
import { createMemoryLimitStore } from '../../limitStore/memory';
import type { ClassModel } from '../deps';
import { addWorldPerson, assignQuizAs, createClassAs, joinAs, type QuizOptions, type WorldClass, type WorldPerson } from './classPeople';

export { addWorldPerson, assignQuizAs, createClassAs, joinAs, WORLD_QUIZ, type QuizOptions, type WorldClass, type WorldPerson } from './classPeople';

/*
 * A small class world for tests of class routes: people with sessions on a
 * real database (from openDatabase or describeOnBothDatabases' open), the
 * signed-in routes mounted as mountAccounts mounts them, and a way to call
 * them as any of those people with their cookie and CSRF token. Classes,
 * memberships and a quiz assignment are made directly in SQL through the
 * database's own security-definer functions and row-level security (as the
 * person, through db.asUser), so a test of one route does not depend on the
 * routes it is not about.
 *
 * Signing in through a provider is not part of it: the provider is a fake
 * that refuses every callback (signIn.test.ts tests the real one).
 */

export const CLASS_WORLD_ORIGIN = 'http://127.0.0.1:8787';
export const CLASS_WORLD_SECRET = 'a-class-world-deployment-secret-of-forty-chars';

export interface ClassWorld {
  db: StudyForgeDb;
  app: Hono;
  settings: AccountSettings & { secret: string };
  /** The clock every mounted route reads; move it to open or close assignments. */
  clock: { now: number };
  teacher: WorldPerson;
  secondTeacher: WorldPerson;
  students: [WorldPerson, WorldPerson, WorldPerson];
  /** Another person with an account and a session. */
  addPerson(key: string, role: UserRole): Promise<WorldPerson>;
  /** Calls a route as `person` (null: signed out) with their cookie and CSRF token; a body is sent as JSON. */
  request(person: WorldPerson | null, method: string, path: string, body?: unknown): Promise<Response>;
  /** A class made by `teacher` through studyforge_create_class; they are its only teacher. */
  createClassAs(teacher: WorldPerson, name: string, options?: { allowNameJoin?: boolean }): Promise<WorldClass>;
  /** `student` joins through studyforge_join_class with the class's current code, under their first name. */
  joinAs(student: WorldPerson, classId: string): Promise<void>;
  /** A quiz assignment (WORLD_QUIZ) made by `teacher` as themselves: the assignment, its hidden instructions and its material. */
  assignQuizAs(teacher: WorldPerson, classId: string, options?: QuizOptions): Promise<string>;
  /** Stops what mounting started (live streams); the database stays the caller's to close. */
  stop(): Promise<void>;
}

/** A provider that never signs anyone in: the world's people have sessions already. */
const refusingOidc: OidcClients = {
  authorizationUrl: async () => new URL('https://idp.test/authorize'),
  finish: async () => {
    throw new SignInRefused('This test world signs no one in through a provider.', false);
  },
};

/** Sends `person`'s cookie and CSRF token, as the app does. */
export function worldRequest(app: Hono, settings: Pick<AccountSettings, 'sessionCookie'>, person: WorldPerson | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers = new Headers({ origin: CLASS_WORLD_ORIGIN });
  if (person) {
    headers.set('cookie', `${settings.sessionCookie}=${person.cookieValue}`);
    headers.set('x-csrf-token', person.csrfToken);
  }
  if (body !== undefined) headers.set('content-type', 'application/json');
  return Promise.resolve(app.request(`${CLASS_WORLD_ORIGIN}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
}

/** Mounts the signed-in routes on `db` and makes a teacher, a second teacher and three students, each signed in. */
export async function classWorld(db: StudyForgeDb, options: { classModel?: ClassModel } = {}): Promise<ClassWorld> {
  const read = accountSettingsFromEnv({
    STUDYFORGE_OIDC_ISSUER: 'https://idp.test/school',
    STUDYFORGE_OIDC_CLIENT_ID: 'studyforge',
    STUDYFORGE_PUBLIC_URL: CLASS_WORLD_ORIGIN,
    STUDYFORGE_SESSION_SECRET: CLASS_WORLD_SECRET,
  });
  if (!read) throw new Error('classWorld: the sign-in settings did not read');
  const settings = { ...read, secret: CLASS_WORLD_SECRET };
  const clock = { now: Date.now() };
  const app = new Hono();
  const mounted = mountAccounts(app, {
    settings,
    db,
    limitStore: createMemoryLimitStore(1_000, () => clock.now),
    clientOf: (c) => c.req.header('x-test-address') ?? '192.0.2.10',
    now: () => clock.now,
    oidc: refusingOidc,
    ...(options.classModel ? { classModel: options.classModel } : {}),
  });
  const [teacher, secondTeacher, ...students] = await Promise.all([
    addWorldPerson(db, 'tess', 'teacher'),
    addWorldPerson(db, 'theo', 'teacher'),
    addWorldPerson(db, 'sam', 'student'),
    addWorldPerson(db, 'sara', 'student'),
    addWorldPerson(db, 'sid', 'student'),
  ]);
  if (!teacher || !secondTeacher || students.length !== 3) throw new Error('classWorld: people were not made');
  return {
    db,
    app,
    settings,
    clock,
    teacher,
    secondTeacher,
    students: students as [WorldPerson, WorldPerson, WorldPerson],
    addPerson: (key, role) => addWorldPerson(db, key, role),
    request: (person, method, path, body) => worldRequest(app, settings, person, method, path, body),
    createClassAs: (person, name, classOptions) => createClassAs(db, person, name, classOptions),
    joinAs: (student, classId) => joinAs(db, student, classId),
    assignQuizAs: (person, classId, quizOptions) => assignQuizAs(db, person, classId, quizOptions),
    stop: mounted.stop,
  };
}
