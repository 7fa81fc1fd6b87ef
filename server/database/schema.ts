import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * The tables as Kysely sees them (snake_case, as in the migrations). Read
 * types are what a select returns on both databases: timestamps as Date,
 * bigint columns as number (both drivers are set to parse int8 that way),
 * jsonb as parsed JSON. Columns the database fills in (defaults, the sync
 * stamp trigger) cannot be written, so nobody relies on a value that would be
 * overwritten.
 */

/** A timestamp the database defaults to now(); it may be set explicitly (tests, retention). */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp that must be given on insert. */
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

export type UserRole = 'student' | 'teacher';

export interface UsersTable {
  /** Ours, random; never the IdP's subject, so an account can move between providers later. */
  id: string;
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  created_at: DefaultedTimestamp;
  last_active_at: DefaultedTimestamp;
}

export interface SessionsTable {
  /** sha-256 of the cookie's random id: a copy of this table cannot be replayed as cookies. */
  id_hash: string;
  user_id: string;
  csrf_token: string;
  created_at: DefaultedTimestamp;
  expires_at: RequiredTimestamp;
  last_seen_at: DefaultedTimestamp;
}

/** One field of a synced item as stored: its value and the hybrid logical clock stamp that wrote it. */
export interface StoredSyncField {
  v: unknown;
  t: string;
}

export type StoredSyncFields = Record<string, StoredSyncField>;

export interface SyncItemsTable {
  user_id: string;
  collection: string;
  item_id: string;
  /** Read as parsed JSON; written as JSON text (JSON.stringify), which both drivers pass to jsonb unchanged. */
  fields: ColumnType<StoredSyncFields, string | undefined, string>;
  /** Deletion stamp (a hybrid logical clock value) or null. */
  deleted: string | null;
  /** From sequence sync_seq, set by a trigger on every insert and update: a pull asks for everything after a seq. */
  seq: ColumnType<number, never, never>;
  /** Set by the same trigger. */
  updated_at: ColumnType<Date, never, never>;
}

export type AuditEvent = 'sign-in' | 'sign-out' | 'sign-out-everywhere' | 'export' | 'account-deleted' | 'retention-deleted';

export interface AuditLogTable {
  id: Generated<number>;
  at: ColumnType<Date, Date | string | undefined, never>;
  event: AuditEvent;
  /** A one-way hash of the user id: never content, an email or a name. */
  actor: string;
  detail: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sync_items: SyncItemsTable;
  audit_log: AuditLogTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type SyncItemRow = Selectable<SyncItemsTable>;
export type NewSyncItemRow = Insertable<SyncItemsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
