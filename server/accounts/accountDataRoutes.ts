import type { Hono, MiddlewareHandler } from 'hono';
import type { StudyForgeDb } from '../database/database';
import { accountExport, accountExportFileName, type HeldItem } from './accountExport';
import { auditActor, type Audit } from './audit';
import { clearCookie } from './currentUser';
import type { AccountSettings } from './settings';

/*
 * A signed-in person's own data, whole: download everything held about them,
 * or delete their account and everything in it. Both go through the one
 * door: requireUser says who is calling (and, for DELETE, checks the CSRF
 * token), and every read or delete of their rows runs in db.asUser, where
 * row-level security shows the database only that person's rows. Neither
 * route takes an id: nothing a request says can point at another account.
 */

export interface AccountDataDeps {
  db: StudyForgeDb;
  requireUser: MiddlewareHandler;
  audit: Audit;
  settings: Pick<AccountSettings, 'sessionCookie' | 'secureCookies'> & { secret: string };
  now?: () => number;
}

export const ACCOUNT_GONE = 'This account no longer exists. Sign in again to start a new one.';

/** Who signed in with which provider: its host is enough to say where the account came from; the subject id stays internal. */
function providerHost(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return '';
  }
}

const count = (rows: { n: string | number | bigint }) => Number(rows.n);

export function addAccountDataRoutes(app: Hono, deps: AccountDataDeps): void {
  const { db, requireUser, audit, settings } = deps;
  const now = deps.now ?? Date.now;

  app.get('/api/account/export', requireUser, async (c) => {
    const user = c.var.user;
    const held = await db.asUser(user.id, async (trx) => {
      const account = await trx
        .selectFrom('users')
        .select(['name', 'email', 'role', 'issuer', 'created_at', 'last_active_at'])
        .where('id', '=', user.id)
        .executeTakeFirst();
      const items = await trx.selectFrom('sync_items').select(['collection', 'item_id', 'fields', 'deleted']).where('user_id', '=', user.id).orderBy('seq').execute();
      const sessions = await trx.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
      return { account, items, sessions: count(sessions) };
    });
    if (!held.account) return c.json({ error: ACCOUNT_GONE }, 404);
    // The audit log is the owner's table (no user grant); its rows name the person only by a keyed hash.
    const entries = await db.system.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('actor', '=', auditActor(settings.secret, user.id)).executeTakeFirstOrThrow();
    const exportedAt = new Date(now()).toISOString();
    const items: HeldItem[] = held.items.map((row) => ({ c: row.collection, id: row.item_id, f: row.fields, ...(row.deleted ? { d: row.deleted } : {}) }));
    const { account } = held;
    const file = accountExport({
      account: {
        name: account.name,
        email: account.email,
        role: account.role,
        createdAt: new Date(account.created_at).toISOString(),
        lastActiveAt: new Date(account.last_active_at).toISOString(),
        signInProvider: providerHost(account.issuer),
      },
      items,
      sessions: held.sessions,
      auditEntries: count(entries),
      exportedAt,
    });
    const body = `${JSON.stringify(file, null, 2)}\n`;
    await audit('export', user.id);
    return c.body(body, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${accountExportFileName(exportedAt)}"`,
      // A person's whole account: no shared cache may keep a copy.
      'Cache-Control': 'no-store',
    });
  });

  app.delete('/api/account', requireUser, async (c) => {
    const user = c.var.user;
    // One statement in one transaction: the users row goes, and its foreign keys take every session and
    // synced item with it (on delete cascade), so no half-deleted account can be left behind.
    const deleted = await db.asUser(user.id, (trx) => trx.deleteFrom('users').where('id', '=', user.id).executeTakeFirst());
    clearCookie(c, settings, settings.sessionCookie);
    if (Number(deleted.numDeletedRows) === 0) return c.json({ error: ACCOUNT_GONE }, 404);
    await audit('account-deleted', user.id);
    return c.json({ ok: true });
  });
}
