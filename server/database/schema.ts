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

/** A jsonb column: read as parsed JSON, written as JSON text (JSON.stringify), as sync_items.fields is. */
type JsonColumn<T> = ColumnType<T, string | undefined, string>;
type RequiredJsonColumn<T> = ColumnType<T, string, string>;

export interface ClassesTable {
  id: string;
  name: string;
  grade: ColumnType<string, string | undefined, string>;
  subject: ColumnType<string, string | undefined, string>;
  join_code: string;
  code_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  allow_name_join: ColumnType<boolean, boolean | undefined, boolean>;
  archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  retention_days: ColumnType<number, number | undefined, number>;
  created_at: DefaultedTimestamp;
}

export interface ClassTeachersTable {
  class_id: string;
  user_id: string;
  added_at: DefaultedTimestamp;
}

export interface ClassMembersTable {
  class_id: string;
  user_id: string;
  display_name: string;
  group_name: ColumnType<string | null, string | null | undefined, string | null>;
  joined_at: DefaultedTimestamp;
}

/** One preset input of an assignment, as stored (the wire's Preset). */
export interface StoredPreset {
  value: string | number | boolean | string[];
  shown: boolean;
  locked: boolean;
}

export interface StoredGroup {
  name: string;
  language?: string;
  readingLevel?: string;
}

export interface AssignmentsTable {
  id: string;
  class_id: string;
  tool_id: string;
  title: string;
  note: ColumnType<string, string | undefined, string>;
  ai_level: 'practice' | 'support' | 'open';
  presets: JsonColumn<Record<string, StoredPreset>>;
  groups: JsonColumn<StoredGroup[]>;
  opens_at: DefaultedTimestamp;
  due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  needs_approval: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: DefaultedTimestamp;
}

/** Teachers only: what goes into the prompt and the student never sees. */
export interface AssignmentSecretsTable {
  assignment_id: string;
  class_id: string;
  instructions: ColumnType<string, string | undefined, string>;
}

/** Teachers only: material made for an assignment (a quiz with its answer key), per group ('' = everyone). */
export interface AssignmentMaterialTable {
  assignment_id: string;
  class_id: string;
  group_name: ColumnType<string, string | undefined, string>;
  content: RequiredJsonColumn<unknown>;
  approved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultedTimestamp;
}

export interface AttemptsTable {
  /** Made by the student's browser, so sending a start twice is the same attempt. */
  id: string;
  assignment_id: string;
  class_id: string;
  user_id: string;
  group_name: ColumnType<string, string | undefined, string>;
  started_at: DefaultedTimestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Computed by the server from attempt_answers, never taken from a request. */
  score: ColumnType<number | null, number | null | undefined, number | null>;
  total: number;
}

export interface AttemptAnswersTable {
  attempt_id: string;
  class_id: string;
  user_id: string;
  question: number;
  chosen: string;
  correct: boolean;
  remediation_used: ColumnType<boolean, boolean | undefined, boolean>;
  answered_at: DefaultedTimestamp;
}

export type ClassWorkKind = 'generated' | 'refined' | 'study' | 'time';

export interface ClassWorkTable {
  id: string;
  assignment_id: string;
  class_id: string;
  user_id: string;
  kind: ClassWorkKind;
  detail: JsonColumn<unknown>;
  created_at: DefaultedTimestamp;
}

export interface HelpRequestsTable {
  id: string;
  assignment_id: string;
  class_id: string;
  user_id: string;
  note: ColumnType<string, string | undefined, string>;
  created_at: DefaultedTimestamp;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sync_items: SyncItemsTable;
  audit_log: AuditLogTable;
  classes: ClassesTable;
  class_teachers: ClassTeachersTable;
  class_members: ClassMembersTable;
  assignments: AssignmentsTable;
  assignment_secrets: AssignmentSecretsTable;
  assignment_material: AssignmentMaterialTable;
  attempts: AttemptsTable;
  attempt_answers: AttemptAnswersTable;
  class_work: ClassWorkTable;
  help_requests: HelpRequestsTable;
}

/** The class tables, in the order a class's deletion counts them. */
export const CLASS_TABLES = [
  'classes',
  'class_teachers',
  'class_members',
  'assignments',
  'assignment_secrets',
  'assignment_material',
  'attempts',
  'attempt_answers',
  'class_work',
  'help_requests',
] as const satisfies readonly (keyof Database)[];

export type ClassRow = Selectable<ClassesTable>;
export type AssignmentRow = Selectable<AssignmentsTable>;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type SyncItemRow = Selectable<SyncItemsTable>;
export type NewSyncItemRow = Insertable<SyncItemsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
