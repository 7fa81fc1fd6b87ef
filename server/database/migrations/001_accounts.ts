import type { Kysely, Migration } from 'kysely';
import { ownRowsPolicy, runStatements, USER_ROLE } from './statements';

/*
 * Accounts: users, their sessions, and the audit log.
 *
 * The role studyforge_user is cluster-wide (shared by every database on a
 * PostgreSQL server), so it is created only when missing and never dropped:
 * another StudyForge database on the same server may be using it. Two
 * databases migrating at once may both try to create it; the loser's
 * unique_violation is the same "already there" as duplicate_object.
 *
 * The connecting role must be a member of studyforge_user to SET ROLE to it.
 * When it already is (a DBA granted it, see docs/database.md), nothing is
 * granted, so an app role without CREATEROLE still migrates.
 */

const up: string[] = [
  `do $$ begin
     create role ${USER_ROLE} nologin;
   exception when duplicate_object or unique_violation then null;
   end $$`,
  `do $$ begin
     if not pg_has_role(current_user, '${USER_ROLE}', 'member') then
       execute format('grant ${USER_ROLE} to %I', current_user);
     end if;
   end $$`,
  `create table users (
     id text primary key check (length(id) between 1 and 200),
     issuer text not null check (length(issuer) <= 2000),
     subject text not null check (length(subject) <= 2000),
     email text check (length(email) <= 320),
     name text check (length(name) <= 500),
     role text not null default 'student' check (role in ('student', 'teacher')),
     created_at timestamptz not null default now(),
     last_active_at timestamptz not null default now(),
     unique (issuer, subject)
   )`,
  `create table sessions (
     id_hash text primary key,
     user_id text not null references users (id) on delete cascade,
     csrf_token text not null,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     last_seen_at timestamptz not null default now()
   )`,
  `create index sessions_user_id on sessions (user_id)`,
  `create index sessions_expires_at on sessions (expires_at)`,
  `create index users_last_active_at on users (last_active_at)`,
  `create table audit_log (
     id bigserial primary key,
     at timestamptz not null default now(),
     event text not null check (event in ('sign-in', 'sign-out', 'sign-out-everywhere', 'export', 'account-deleted', 'retention-deleted')),
     actor text not null check (length(actor) <= 128),
     detail text check (length(detail) <= 500)
   )`,
  ...ownRowsPolicy('users', 'id'),
  ...ownRowsPolicy('sessions', 'user_id'),
  // A user reads and deletes their own account and sessions; sign-in creates and updates them as the table owner,
  // so no user-side code path can change a role from student to teacher.
  `grant select, delete on users to ${USER_ROLE}`,
  `grant select, delete on sessions to ${USER_ROLE}`,
  // The audit log is the owner's alone: no grant.
];

const down: string[] = ['drop table audit_log', 'drop table sessions', 'drop table users'];

export const accountsMigration: Migration = {
  up: (db: Kysely<unknown>) => runStatements(db, up),
  down: (db: Kysely<unknown>) => runStatements(db, down),
};
