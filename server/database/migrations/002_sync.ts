import type { Kysely, Migration } from 'kysely';
import { ownRowsPolicy, runStatements, USER_ROLE } from './statements';

/*
 * Synced items: one row per (user, collection, item) holding the item's
 * fields with their clock stamps. Every insert and update takes a new seq
 * from sync_seq (a trigger, so no writer can forget it or reuse one): a
 * device pulls everything with a seq above the last one it saw, in order,
 * using the (user_id, seq) index.
 */

const up: string[] = [
  `create sequence sync_seq`,
  `create table sync_items (
     user_id text not null references users (id) on delete cascade,
     collection text not null check (length(collection) between 1 and 32),
     item_id text not null check (length(item_id) between 1 and 200),
     fields jsonb not null default '{}',
     deleted text,
     seq bigint not null default nextval('sync_seq'),
     updated_at timestamptz not null default now(),
     primary key (user_id, collection, item_id)
   )`,
  `create index sync_items_user_seq on sync_items (user_id, seq)`,
  `create function sync_items_stamp() returns trigger language plpgsql as $$
   begin
     new.seq := nextval('sync_seq');
     new.updated_at := now();
     return new;
   end $$`,
  `create trigger sync_items_stamp before insert or update on sync_items
     for each row execute function sync_items_stamp()`,
  ...ownRowsPolicy('sync_items', 'user_id'),
  `grant select, insert, update, delete on sync_items to ${USER_ROLE}`,
  `grant usage on sequence sync_seq to ${USER_ROLE}`,
];

const down: string[] = ['drop table sync_items', 'drop function sync_items_stamp()', 'drop sequence sync_seq'];

export const syncMigration: Migration = {
  up: (db: Kysely<unknown>) => runStatements(db, up),
  down: (db: Kysely<unknown>) => runStatements(db, down),
};
