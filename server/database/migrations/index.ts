import type { Migration, MigrationProvider } from 'kysely';
import { accountsMigration } from './001_accounts';
import { syncMigration } from './002_sync';
import { classesMigration } from './003_classes';

/*
 * Every migration, imported rather than read from a folder at run time: the
 * set that runs is the set that was type-checked and shipped, whatever the
 * working directory. Names sort in the order they apply; never rename one
 * (the database records names), add a new one instead.
 */
export const MIGRATIONS = {
  '001_accounts': accountsMigration,
  '002_sync': syncMigration,
  '003_classes': classesMigration,
} as const satisfies Record<string, Migration>;

export type MigrationName = keyof typeof MIGRATIONS;

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...MIGRATIONS }),
};
