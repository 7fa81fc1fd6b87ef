import { sql, type Kysely } from 'kysely';

/**
 * Runs DDL statements one by one: the embedded database takes one statement
 * per query (extended protocol), so a migration is a list, not one script.
 * Kysely's Migrator runs each migration inside a transaction, so a failure
 * leaves nothing half applied.
 */
export async function runStatements(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** The role every user's query runs as (SET LOCAL ROLE in asUser); row-level security policies apply to it. */
export const USER_ROLE = 'studyforge_user';

/** The row filter of every policy: the user id asUser put in the transaction's settings (null outside asUser: no rows). */
export function ownRowsPolicy(table: string, ownerColumn: string): string[] {
  const own = `${ownerColumn} = current_setting('studyforge.user_id', true)`;
  return [
    `alter table ${table} enable row level security`,
    `create policy ${table}_own_rows on ${table} for all to ${USER_ROLE} using (${own}) with check (${own})`,
  ];
}
