import { createHmac } from 'node:crypto';
import type { AuditEvent } from '../database/schema';
import type { StudyForgeDb } from './database';

/*
 * The audit log: who signed in, out, exported or deleted, and when; never
 * what. The actor is a keyed one-way hash of the user id (the key derived
 * from the deployment's secret), so the log names no one to a reader of the
 * database alone, is the same for one person across their rows (an export
 * can count them), and cannot be matched with another deployment's log.
 */

export type { AuditEvent };

export type Audit = (event: AuditEvent, userId: string, detail?: string) => Promise<void>;

/** The audit log's name for a user: HMAC-SHA-256 of the id under a key only this deployment holds. */
export function auditActor(secret: string, userId: string): string {
  const key = createHmac('sha256', secret).update('studyforge audit actor').digest();
  return createHmac('sha256', key).update(userId).digest('hex');
}

export function createAudit(db: StudyForgeDb, secret: string, now: () => number = Date.now): Audit {
  return async (event, userId, detail) => {
    await db.system
      .insertInto('audit_log')
      .values({ at: new Date(now()), event, actor: auditActor(secret, userId), detail: detail === undefined ? null : detail.slice(0, 200) })
      .execute();
  };
}
