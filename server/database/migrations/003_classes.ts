import type { Kysely, Migration } from 'kysely';
import { classFunctions, classRowSecurity, dropClassFunctions } from './classRules';
import { runStatements } from './statements';

/*
 * Classes: a teacher's class, its teachers and members, its assignments
 * (the hidden instructions and the generated material, answer keys
 * included, in tables of their own that only teachers can read), and the
 * work that flows back (quiz attempts and answers, study progress, time,
 * help requests).
 *
 * Every table carries class_id and cascades from classes, so deleting a
 * class deletes everything of it with one statement, and every policy is a
 * predicate on class_id (the policies and functions are in classRules.ts).
 *
 * Rows that name an assignment, an attempt or a member name them together
 * with their class (composite foreign keys), so the database itself keeps
 * every row in one class: an attempt cannot sit in class B under an
 * assignment of class A, an answer cannot join another person's attempt,
 * and work belongs to a current member. Removing a member from a class
 * therefore removes their work in it, and nothing else.
 */

const tables: string[] = [
  `create table classes (
     id text primary key check (length(id) between 1 and 64),
     name text not null check (length(name) between 1 and 120),
     grade text not null default '' check (length(grade) <= 40),
     subject text not null default '' check (length(subject) <= 80),
     join_code text not null unique check (length(join_code) between 4 and 16),
     code_expires_at timestamptz,
     allow_name_join boolean not null default false,
     archived_at timestamptz,
     retention_days integer not null default 365 check (retention_days between 1 and 3650),
     created_at timestamptz not null default now()
   )`,
  `create table class_teachers (
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     added_at timestamptz not null default now(),
     primary key (class_id, user_id)
   )`,
  `create index class_teachers_user on class_teachers (user_id)`,
  `create table class_members (
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     display_name text not null check (length(display_name) between 1 and 60),
     group_name text check (length(group_name) <= 40),
     joined_at timestamptz not null default now(),
     primary key (class_id, user_id)
   )`,
  `create index class_members_user on class_members (user_id)`,
  `create table assignments (
     id text primary key check (length(id) between 1 and 64),
     class_id text not null references classes (id) on delete cascade,
     tool_id text not null check (length(tool_id) between 1 and 64),
     title text not null check (length(title) between 1 and 120),
     note text not null default '' check (length(note) <= 2000),
     ai_level text not null check (ai_level in ('practice', 'support', 'open')),
     presets jsonb not null default '{}',
     groups jsonb not null default '[]',
     opens_at timestamptz not null default now(),
     due_at timestamptz,
     needs_approval boolean not null default false,
     created_by text references users (id) on delete set null,
     created_at timestamptz not null default now(),
     unique (id, class_id)
   )`,
  `create index assignments_class on assignments (class_id)`,
  `create table assignment_secrets (
     assignment_id text primary key,
     class_id text not null references classes (id) on delete cascade,
     instructions text not null default '' check (length(instructions) <= 2000),
     foreign key (assignment_id, class_id) references assignments (id, class_id) on delete cascade
   )`,
  `create table assignment_material (
     assignment_id text not null,
     class_id text not null references classes (id) on delete cascade,
     group_name text not null default '' check (length(group_name) <= 40),
     content jsonb not null,
     approved_at timestamptz,
     created_at timestamptz not null default now(),
     primary key (assignment_id, group_name),
     foreign key (assignment_id, class_id) references assignments (id, class_id) on delete cascade
   )`,
  `create table attempts (
     id text primary key check (length(id) between 1 and 64),
     assignment_id text not null,
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     group_name text not null default '',
     started_at timestamptz not null default now(),
     finished_at timestamptz,
     score integer,
     total integer not null check (total between 0 and 100),
     unique (id, class_id, user_id),
     foreign key (assignment_id, class_id) references assignments (id, class_id) on delete cascade,
     foreign key (class_id, user_id) references class_members (class_id, user_id) on delete cascade
   )`,
  `create index attempts_assignment on attempts (assignment_id, user_id)`,
  `create table attempt_answers (
     attempt_id text not null,
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     question integer not null check (question between 0 and 99),
     chosen text not null check (length(chosen) <= 500),
     correct boolean not null,
     remediation_used boolean not null default false,
     answered_at timestamptz not null default now(),
     primary key (attempt_id, question),
     foreign key (attempt_id, class_id, user_id) references attempts (id, class_id, user_id) on delete cascade
   )`,
  `create table class_work (
     id text primary key check (length(id) between 1 and 64),
     assignment_id text not null,
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     kind text not null check (kind in ('generated', 'refined', 'study', 'time')),
     detail jsonb not null default '{}' check (octet_length(detail::text) <= 65536),
     created_at timestamptz not null default now(),
     foreign key (assignment_id, class_id) references assignments (id, class_id) on delete cascade,
     foreign key (class_id, user_id) references class_members (class_id, user_id) on delete cascade
   )`,
  `create index class_work_assignment on class_work (assignment_id, user_id)`,
  `create table help_requests (
     id text primary key check (length(id) between 1 and 64),
     assignment_id text not null,
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     note text not null default '' check (length(note) <= 500),
     created_at timestamptz not null default now(),
     resolved_at timestamptz,
     foreign key (assignment_id, class_id) references assignments (id, class_id) on delete cascade,
     foreign key (class_id, user_id) references class_members (class_id, user_id) on delete cascade
   )`,
  `create index help_requests_class on help_requests (class_id, created_at)`,
];

const down: string[] = [
  'drop table help_requests',
  'drop table class_work',
  'drop table attempt_answers',
  'drop table attempts',
  'drop table assignment_material',
  'drop table assignment_secrets',
  'drop table assignments',
  'drop table class_members',
  'drop table class_teachers',
  'drop table classes',
  // After the tables: their policies call these functions.
  ...dropClassFunctions,
];

export const classesMigration: Migration = {
  up: (db: Kysely<unknown>) => runStatements(db, [...tables, ...classFunctions, ...classRowSecurity]),
  down: (db: Kysely<unknown>) => runStatements(db, down),
};
