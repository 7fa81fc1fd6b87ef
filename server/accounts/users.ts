import { randomUUID } from 'node:crypto';
import type { Role } from './currentUser';
import type { StudyForgeDb } from './database';
import type { VerifiedIdentity } from './oidc';
import type { AccountSettings } from './settings';

/*
 * Who is a teacher, and the users row a verified identity maps to.
 *
 * A person is found by (issuer, subject): the provider's own stable name for
 * them. Never by email, which a person can change, and which two providers
 * of one district may both vouch for.
 */

function claimNamesTeacher(value: unknown): boolean {
  if (typeof value === 'string') return value.split(/[\s,]+/).some((part) => part.toLowerCase() === 'teacher');
  if (Array.isArray(value)) return value.some((part) => typeof part === 'string' && part.toLowerCase() === 'teacher');
  return false;
}

/**
 * Teacher when the configured claim says so, or the address is on the operator's list (itself or its @domain).
 * An address the provider says it has NOT verified is never matched: some providers let a person type any address.
 */
export function roleOf(identity: VerifiedIdentity, settings: AccountSettings): Role {
  if (settings.teacherClaim && claimNamesTeacher(identity.claims[settings.teacherClaim])) return 'teacher';
  const email = identity.emailVerified === false ? null : identity.email;
  if (!email) return 'student';
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (settings.teacherAddresses.includes(email) || settings.teacherDomains.includes(domain)) return 'teacher';
  return 'student';
}

/** Finds the person by (issuer, subject) or adds them, and brings email, name, role and last activity up to date; answers the id. */
export async function upsertUser(db: StudyForgeDb, identity: VerifiedIdentity, role: Role, now: number): Promise<string> {
  const at = new Date(now);
  const row = await db.system
    .insertInto('users')
    .values({ id: randomUUID(), issuer: identity.issuer, subject: identity.subject, email: identity.email, name: identity.name, role, created_at: at, last_active_at: at })
    .onConflict((conflict) => conflict.columns(['issuer', 'subject']).doUpdateSet({ email: identity.email, name: identity.name, role, last_active_at: at }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
