import type { StudyForgeDb } from '../database/database';
import { purgeArchivedClasses } from '../classes/retention';
import { createAudit } from './audit';

/*
 * Retention, set by the operator: an account nobody has used for
 * STUDYFORGE_INACTIVE_ACCOUNT_DAYS (365 unless set) is deleted with
 * everything in it, as if its owner had deleted it; sessions past their end
 * are removed (they sign no one in, and would otherwise stay for ever); and
 * audit entries older than AUDIT_LOG_DAYS go too. Audit entries outlive the
 * accounts they name (they hold no content, only a keyed hash), so an
 * operator can still answer "was this account deleted, and when" for a
 * while; AUDIT_LOG_DAYS is a little over a year so a whole school year's
 * record is always there.
 */

export const AUDIT_LOG_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeOutcome {
  accounts: number;
  expiredSessions: number;
  auditEntries: number;
}

export interface PurgeOptions {
  days: number;
  now: number;
  /** The deployment's secret, which keys the audit log's actor hash (audit.ts). */
  secret: string;
}

export async function purgeInactiveAccounts(db: StudyForgeDb, { days, now, secret }: PurgeOptions): Promise<PurgeOutcome> {
  if (!(days > 0)) throw new Error('Retention needs a positive number of days.');
  const audit = createAudit(db, secret, () => now);
  const inactiveSince = new Date(now - days * DAY_MS);
  // One statement, so a person who comes back while it runs is either deleted before or kept: the users rows'
  // foreign keys take their sessions and synced items with them.
  const gone = await db.system.deleteFrom('users').where('last_active_at', '<', inactiveSince).returning('id').execute();
  for (const { id } of gone) await audit('retention-deleted', id);
  const sessions = await db.system.deleteFrom('sessions').where('expires_at', '<=', new Date(now)).executeTakeFirst();
  const entries = await db.system.deleteFrom('audit_log').where('at', '<', new Date(now - AUDIT_LOG_DAYS * DAY_MS)).executeTakeFirst();
  return { accounts: gone.length, expiredSessions: Number(sessions.numDeletedRows), auditEntries: Number(entries.numDeletedRows) };
}

export const RETENTION_EVERY_MS = DAY_MS;

export interface RetentionOptions {
  days: number;
  secret: string;
  now?: () => number;
  /** Where a failed run is said; counts only, never whose. */
  log?: (line: string) => void;
}

export interface RetentionHandle {
  /** Stops the daily runs; resolves once a run under way has finished (so the database can close). */
  stop(): Promise<void>;
  /** Resolves once the runs started so far have finished. */
  settled(): Promise<void>;
}

/**
 * Purges now and every 24 hours while the gateway runs. The timer is unref'd,
 * so it never keeps a stopping process alive; a run that fails (the database
 * is down) is logged and tried again at the next one.
 */
export function startRetention(db: StudyForgeDb, options: RetentionOptions): RetentionHandle {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.warn(line));
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() =>
      purgeInactiveAccounts(db, { days: options.days, now: now(), secret: options.secret }).then(
        (outcome) => {
          if (outcome.accounts > 0) log(`[retention] deleted ${outcome.accounts} account(s) unused for ${options.days} days`);
        },
        (error: unknown) => log(`[retention] could not run; trying again in 24 hours: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`),
      ),
    );
    // Classes archived longer than their retention period go in the same daily pass (after the accounts, so a class
    // whose last teacher was just deleted is archived today).
    running = running.then(() =>
      purgeArchivedClasses(db, now()).then(
        (outcome) => {
          if (outcome.classes > 0) log(`[retention] deleted ${outcome.classes} archived class(es) past their retention period`);
        },
        (error: unknown) => log(`[retention] could not delete archived classes; trying again in 24 hours: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`),
      ),
    );
  };
  run();
  const timer = setInterval(run, RETENTION_EVERY_MS);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
    settled: () => running,
  };
}
