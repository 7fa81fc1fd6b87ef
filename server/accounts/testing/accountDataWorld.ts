import { sql, type RawBuilder } from 'kysely';
import type { StudyForgeDb } from '../../database/database';
import { auditActor } from '../audit';
import { createSession } from '../currentUser';

/*
 * People with accounts, sessions and synced work, put straight into a real
 * database (signing in through a provider is signIn.test.ts's subject), and
 * a count of every row each one owns in every table, found from the
 * database's own catalogue so a table added later is counted too, or named.
 */

export interface Person {
  id: string;
  email: string;
  name: string;
  cookieValue: string;
  csrfToken: string;
  /** The ids of their project and of the saved item in it, as synced items name them. */
  projectId: string;
  artifactItemId: string;
  /** Words that appear only in this person's data: a response or a log holding one of them leaked it. */
  markers: string[];
}

const stamp = (ms: number, node: string) => `${String(ms).padStart(13, '0')}-0001-${node}`;

export function fieldsOf(values: Record<string, unknown>, at = Date.now(), node = 'device'): string {
  return JSON.stringify(Object.fromEntries(Object.entries(values).map(([name, v]) => [name, { v, t: stamp(at, node) }])));
}

/** A person with an account, one session, and a project holding one saved item, a pinned tool and a deleted project. */
export async function addPerson(db: StudyForgeDb, key: string, options: { lastActive?: Date; sessionHours?: number; now?: number } = {}): Promise<Person> {
  const id = `user-${key}-${Math.random().toString(36).slice(2, 10)}`;
  const email = `${key}@school.test`;
  const name = `Person ${key.toUpperCase()}`;
  const projectId = `proj_${key}`;
  const projectName = `Project of ${key} zebra`;
  const artifactId = `art_${key}`;
  const note = `Notes only ${key} wrote about mitochondria`;
  await db.system
    .insertInto('users')
    .values({ id, issuer: 'https://idp.test/realms/school', subject: `subject-${key}`, email, name, role: 'student', ...(options.lastActive ? { last_active_at: options.lastActive, created_at: options.lastActive } : {}) })
    .execute();
  const session = await createSession(db, id, { hours: options.sessionHours ?? 12, ...(options.now === undefined ? {} : { now: options.now }) });
  const created = '2026-11-01T09:00:00.000Z';
  await db.system
    .insertInto('sync_items')
    .values([
      { user_id: id, collection: 'project', item_id: projectId, fields: fieldsOf({ id: projectId, name: projectName, createdAt: created }), deleted: null },
      {
        user_id: id,
        collection: 'artifact',
        item_id: `${projectId}/${artifactId}`,
        fields: fieldsOf({ id: artifactId, createdAt: created, toolId: 'smart-notes', toolTitle: 'SmartNotes', data: note, projectId }),
        deleted: null,
      },
      { user_id: id, collection: 'favourite', item_id: `tool-of-${key}`, fields: fieldsOf({ on: true }), deleted: null },
      { user_id: id, collection: 'project', item_id: `proj_${key}_gone`, fields: '{}', deleted: stamp(Date.now(), 'device') },
    ])
    .execute();
  return { id, email, name, ...session, projectId, artifactItemId: `${projectId}/${artifactId}`, markers: [id, email, name, projectName, note, `tool-of-${key}`, `proj_${key}`] };
}

/** The one table that names people by a keyed hash of their id (audit.ts) rather than by the id. */
const AUDIT_TABLE = 'audit_log';
/** Kysely's own bookkeeping: no one's data. */
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);

export async function tableNames(db: StudyForgeDb): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db.system);
  return rows.rows.map((row) => row.table_name).filter((name) => !BOOKKEEPING.has(name));
}

async function columnsOf(db: StudyForgeDb, table: string): Promise<string[]> {
  const rows = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db.system);
  return rows.rows.map((row) => row.column_name);
}

/**
 * Which rows of a table are the person's: the audit log's by the keyed hash
 * of the id, the others by the id; a class's own rows (the class, its
 * assignments, what only its teachers read) are its teachers'.
 */
async function ownerOf(db: StudyForgeDb, table: string, userId: string, secret: string): Promise<RawBuilder<unknown>> {
  if (table === AUDIT_TABLE) return sql`actor = ${auditActor(secret, userId)}`;
  if (table === 'users') return sql`id = ${userId}`;
  const columns = await columnsOf(db, table);
  if (columns.includes('user_id')) return sql`user_id = ${userId}`;
  const classColumn = table === 'classes' ? 'id' : columns.includes('class_id') ? 'class_id' : null;
  if (classColumn) return sql`${sql.ref(classColumn)} in (select class_id from class_teachers where user_id = ${userId})`;
  throw new Error(`Table ${table} has no user_id column: say in accountDataWorld.ts how its rows are found for a person`);
}

/**
 * How many rows of each table belong to the person. A table with no way to
 * find a person's rows fails the count, so whoever adds one must say here how
 * its rows are found (and the account's delete must reach them).
 */
export async function rowsOf(db: StudyForgeDb, userId: string, secret: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(db)) {
    const result = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)} where ${await ownerOf(db, table, userId, secret)}`.execute(db.system);
    counts[table] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

/** Every row of the person in every table, whole and in a fixed order: a change to any column of any of them shows. */
export async function ownRows(db: StudyForgeDb, userId: string, secret: string): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of await tableNames(db)) {
    const result = await sql`select * from ${sql.table(table)} where ${await ownerOf(db, table, userId, secret)}`.execute(db.system);
    rows[table] = result.rows.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

/** Every row of every table, as text: what a leak of one person's data into another's, or into the log, would show in. */
export async function everyRow(db: StudyForgeDb, table: string): Promise<string> {
  const result = await sql`select * from ${sql.table(table)}`.execute(db.system);
  return JSON.stringify(result.rows);
}

export function request(app: { request(path: string, init?: RequestInit): Response | Promise<Response> }, person: Person | null, path: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (person) {
    headers.set('cookie', `sf_session=${person.cookieValue}`);
    if (init.csrf !== false) headers.set('x-csrf-token', person.csrfToken);
  }
  return Promise.resolve(app.request(`http://127.0.0.1:8787${path}`, { ...init, headers }));
}
