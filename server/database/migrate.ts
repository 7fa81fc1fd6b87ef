import { Migrator, NO_MIGRATIONS, PostgresAdapter, PostgresDialect, type DialectAdapter, type Kysely, type MigrationResultSet } from 'kysely';
import type { Database } from './schema';
import { migrationProvider, type MigrationName } from './migrations/index';

/*
 * Migrations run under ONE lock of ours, taken by the caller around the whole
 * Migrator run (see openDatabase): two instances starting at once on one
 * PostgreSQL then migrate one after the other, the second finding nothing to
 * do. Kysely's own lock is switched off in the adapter so there is exactly
 * one mechanism, and ours also covers the creation of Kysely's bookkeeping
 * tables, which Kysely does before taking its lock.
 */

class LockedByCallerAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/** Kysely's PostgreSQL dialect with the migration lock left to us. */
export class StudyForgeDialect extends PostgresDialect {
  override createAdapter(): DialectAdapter {
    return new LockedByCallerAdapter();
  }
}

/** A key of our own for pg_advisory_lock ("studyfor" in ASCII), distinct from Kysely's. */
export const MIGRATION_LOCK_KEY = '8319104111453540210';

export type MigrationTarget = MigrationName | 'latest' | 'none';

function describeFailure(result: MigrationResultSet): string {
  const failed = result.results?.find((step) => step.status === 'Error');
  const cause = result.error instanceof Error ? result.error.message : String(result.error);
  return failed ? `Database migration ${failed.migrationName} (${failed.direction}) failed: ${cause}` : `Database migration failed: ${cause}`;
}

/** Moves the schema to `target` (up or down). The caller holds the migration lock. */
export async function migrateUnlocked(db: Kysely<Database>, target: MigrationTarget): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const result =
    target === 'latest' ? await migrator.migrateToLatest() : await migrator.migrateTo(target === 'none' ? NO_MIGRATIONS : target);
  if (result.error !== undefined) throw new Error(describeFailure(result), { cause: result.error });
}

/** Names of the migrations applied, oldest first. */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  return migrations.filter((migration) => migration.executedAt !== undefined).map((migration) => migration.name);
}
