import type { Kysely, Migration } from 'kysely';
import { runStatements, USER_ROLE } from './statements';

/*
 * Classes: a teacher's class, its teachers and members, its assignments
 * (the hidden instructions and the generated material, answer keys
 * included, in tables of their own that only teachers can read), and the
 * work that flows back (quiz attempts and answers, study progress, time,
 * help requests).
 *
 * Every table carries class_id and cascades from classes, so deleting a
 * class deletes everything of it with one statement, and every policy is a
 * predicate on class_id. Policies ask two security-definer functions
 * whether the person in the transaction teaches or belongs to a class: a
 * policy that read class_teachers directly would recurse into that table's
 * own policy. Three steps a person cannot do with plain rows are functions
 * too, each checking what a policy could not: creating a class (only a
 * teacher, who becomes its first teacher), joining by code (the class is
 * found by its code, which a stranger cannot select), and a student's
 * reading of the material (only as a member; the server strips the answers
 * before anything leaves).
 */

const me = `current_setting('studyforge.user_id', true)`;
const teaches = (column = 'class_id') => `studyforge_teaches(${column})`;
const memberOf = (column = 'class_id') => `studyforge_member_of(${column})`;

function policies(table: string, rules: { select?: string; insert?: string; update?: string; delete?: string }): string[] {
  const statements = [`alter table ${table} enable row level security`];
  if (rules.select) statements.push(`create policy ${table}_select on ${table} for select to ${USER_ROLE} using (${rules.select})`);
  if (rules.insert) statements.push(`create policy ${table}_insert on ${table} for insert to ${USER_ROLE} with check (${rules.insert})`);
  if (rules.update) statements.push(`create policy ${table}_update on ${table} for update to ${USER_ROLE} using (${rules.update}) with check (${rules.update})`);
  if (rules.delete) statements.push(`create policy ${table}_delete on ${table} for delete to ${USER_ROLE} using (${rules.delete})`);
  const granted = (['select', 'insert', 'update', 'delete'] as const).filter((command) => rules[command]);
  statements.push(`grant ${granted.join(', ')} on ${table} to ${USER_ROLE}`);
  return statements;
}

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
     created_at timestamptz not null default now()
   )`,
  `create index assignments_class on assignments (class_id)`,
  `create table assignment_secrets (
     assignment_id text primary key references assignments (id) on delete cascade,
     class_id text not null references classes (id) on delete cascade,
     instructions text not null default '' check (length(instructions) <= 2000)
   )`,
  `create table assignment_material (
     assignment_id text not null references assignments (id) on delete cascade,
     class_id text not null references classes (id) on delete cascade,
     group_name text not null default '' check (length(group_name) <= 40),
     content jsonb not null,
     approved_at timestamptz,
     created_at timestamptz not null default now(),
     primary key (assignment_id, group_name)
   )`,
  `create table attempts (
     id text primary key check (length(id) between 1 and 64),
     assignment_id text not null references assignments (id) on delete cascade,
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     group_name text not null default '',
     started_at timestamptz not null default now(),
     finished_at timestamptz,
     score integer,
     total integer not null check (total between 0 and 100)
   )`,
  `create index attempts_assignment on attempts (assignment_id, user_id)`,
  `create table attempt_answers (
     attempt_id text not null references attempts (id) on delete cascade,
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     question integer not null check (question between 0 and 99),
     chosen text not null check (length(chosen) <= 500),
     correct boolean not null,
     remediation_used boolean not null default false,
     answered_at timestamptz not null default now(),
     primary key (attempt_id, question)
   )`,
  `create table class_work (
     id text primary key check (length(id) between 1 and 64),
     assignment_id text not null references assignments (id) on delete cascade,
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     kind text not null check (kind in ('generated', 'refined', 'study', 'time')),
     detail jsonb not null default '{}',
     created_at timestamptz not null default now()
   )`,
  `create index class_work_assignment on class_work (assignment_id, user_id)`,
  `create table help_requests (
     id text primary key check (length(id) between 1 and 64),
     assignment_id text not null references assignments (id) on delete cascade,
     class_id text not null references classes (id) on delete cascade,
     user_id text not null references users (id) on delete cascade,
     note text not null default '' check (length(note) <= 500),
     created_at timestamptz not null default now(),
     resolved_at timestamptz
   )`,
  `create index help_requests_class on help_requests (class_id, created_at)`,
];

const functions: string[] = [
  `create function studyforge_teaches(target text) returns boolean language sql stable security definer set search_path = public as $$
     select exists (select 1 from class_teachers where class_id = target and user_id = ${me})
   $$`,
  `create function studyforge_member_of(target text) returns boolean language sql stable security definer set search_path = public as $$
     select exists (select 1 from class_members where class_id = target and user_id = ${me})
   $$`,
  // Only a teacher creates a class, and becomes its first teacher in the same step.
  `create function studyforge_create_class(new_id text, new_name text, new_grade text, new_subject text, new_code text, name_join boolean)
     returns void language plpgsql security definer set search_path = public as $$
   begin
     if not exists (select 1 from users where id = ${me} and role = 'teacher') then
       raise exception 'only teachers create classes' using errcode = '42501';
     end if;
     insert into classes (id, name, grade, subject, join_code, allow_name_join) values (new_id, new_name, new_grade, new_subject, new_code, name_join);
     insert into class_teachers (class_id, user_id) values (new_id, ${me});
   end $$`,
  // Joining by code: found by its code (a stranger cannot select the class), live and unarchived; joining twice changes nothing.
  // Returns the class id, or null when no live class has that code.
  `create function studyforge_join_class(code text, shown_name text) returns text language plpgsql security definer set search_path = public as $$
   declare found_id text;
   begin
     select id into found_id from classes
       where join_code = code and archived_at is null and (code_expires_at is null or code_expires_at > now());
     if found_id is null then return null; end if;
     insert into class_members (class_id, user_id, display_name) values (found_id, ${me}, shown_name)
       on conflict (class_id, user_id) do nothing;
     return found_id;
   end $$`,
  `create function studyforge_material_for_student(target text)
     returns table (group_name text, content jsonb, approved_at timestamptz) language sql stable security definer set search_path = public as $$
     select m.group_name, m.content, m.approved_at from assignment_material m
       join assignments a on a.id = m.assignment_id
       where m.assignment_id = target and exists (select 1 from class_members cm where cm.class_id = a.class_id and cm.user_id = ${me})
   $$`,
  ...['studyforge_teaches(text)', 'studyforge_member_of(text)', 'studyforge_create_class(text, text, text, text, text, boolean)', 'studyforge_join_class(text, text)', 'studyforge_material_for_student(text)'].flatMap(
    (signature) => [`revoke all on function ${signature} from public`, `grant execute on function ${signature} to ${USER_ROLE}`],
  ),
];

const own = `user_id = ${me}`;

const rowSecurity: string[] = [
  ...policies('classes', { select: `${teaches('id')} or ${memberOf('id')}`, update: teaches('id'), delete: teaches('id') }),
  ...policies('class_teachers', { select: `${teaches()} or ${memberOf()}`, insert: teaches(), delete: teaches() }),
  ...policies('class_members', { select: `${teaches()} or ${own}`, update: teaches(), delete: teaches() }),
  ...policies('assignments', { select: `${teaches()} or ${memberOf()}`, insert: teaches(), update: teaches(), delete: teaches() }),
  ...policies('assignment_secrets', { select: teaches(), insert: teaches(), update: teaches(), delete: teaches() }),
  ...policies('assignment_material', { select: teaches(), insert: teaches(), update: teaches(), delete: teaches() }),
  ...policies('attempts', { select: `${teaches()} or ${own}`, insert: `${own} and ${memberOf()}`, update: `${own} and ${memberOf()}` }),
  ...policies('attempt_answers', { select: `${teaches()} or ${own}`, insert: `${own} and ${memberOf()}`, update: `${own} and ${memberOf()}` }),
  ...policies('class_work', { select: `${teaches()} or ${own}`, insert: `${own} and ${memberOf()}` }),
  ...policies('help_requests', { select: `${teaches()} or ${own}`, insert: `${own} and ${memberOf()}`, update: teaches() }),
];

const down: string[] = [
  'drop function studyforge_material_for_student(text)',
  'drop function studyforge_join_class(text, text)',
  'drop function studyforge_create_class(text, text, text, text, text, boolean)',
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
  'drop function studyforge_member_of(text)',
  'drop function studyforge_teaches(text)',
];

export const classesMigration: Migration = {
  up: (db: Kysely<unknown>) => runStatements(db, [...tables, ...functions, ...rowSecurity]),
  down: (db: Kysely<unknown>) => runStatements(db, down),
};
