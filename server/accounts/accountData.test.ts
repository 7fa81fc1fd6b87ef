import { Hono } from 'hono';
import { expect, it, vi } from 'vitest';
import type { StudyForgeDb } from '../database/database';
import { CLASS_TABLES } from '../database/schema';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { addAccountDataRoutes } from './accountDataRoutes';
import { createAudit } from './audit';
import { requireUser } from './currentUser';
import { AUDIT_LOG_DAYS, purgeInactiveAccounts, RETENTION_EVERY_MS, startRetention } from './retention';
import { accountSettingsFromEnv } from './settings';
import { addPerson, everyRow, request, rowsOf, type Person } from './testing/accountDataWorld';

/*
 * A person downloads everything held about them, and deletes their account:
 * the file holds all of theirs and nothing of anyone else's; the delete
 * leaves no row of theirs in any table and touches no one else's; the audit
 * log says it happened and nothing of what they wrote.
 */

const SECRET = 'a-test-deployment-secret-of-forty-characters';

function world(db: StudyForgeDb) {
  const settings = accountSettingsFromEnv({ STUDYFORGE_OIDC_ISSUER: 'https://idp.test', STUDYFORGE_OIDC_CLIENT_ID: 'studyforge', STUDYFORGE_PUBLIC_URL: 'http://127.0.0.1:8787' });
  if (!settings) throw new Error('sign-in settings did not read');
  const app = new Hono();
  addAccountDataRoutes(app, { db, requireUser: requireUser(db, settings), audit: createAudit(db, SECRET), settings: { ...settings, secret: SECRET } });
  return app;
}

const leaked = (text: string, person: Person) => person.markers.filter((marker) => text.includes(marker));

describeOnBothDatabases('downloading and deleting an account', (open) => {
  it("the download holds the person's projects, items and account, and nothing of anyone else's", async () => {
    const db = await open();
    const app = world(db);
    const a = await addPerson(db, 'ana');
    const b = await addPerson(db, 'ben');
    const response = await request(app, a, '/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="StudyForge account ${new Date().toISOString().slice(0, 10)}.json"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(file).toMatchObject({
      format: 'studyforge-account',
      version: 1,
      account: { name: 'Person ANA', email: 'ana@school.test', role: 'student', signInProvider: 'idp.test' },
      projects: {
        format: 'studyforge-projects',
        projects: [
          {
            format: 'studyforge-project',
            project: { id: 'proj_ana', name: 'Project of ana zebra' },
            artifacts: [{ id: 'art_ana', toolId: 'smart-notes', data: 'Notes only ana wrote about mitochondria' }],
          },
        ],
        favourites: ['tool-of-ana'],
      },
      sessions: 1,
      auditEntries: 0,
    });
    expect((file.otherData as { c: string; id: string }[]).map(({ c, id }) => `${c}:${id}`).sort()).toEqual(['project:proj_ana_gone']);
    // The account's internals (its id, the provider's subject for it) are not part of what it is.
    expect(text).not.toContain(a.id);
    expect(text).not.toContain('subject-ana');
    expect(leaked(text, b)).toEqual([]);
    const audit = await db.system.selectFrom('audit_log').select(['event']).execute();
    expect(audit.map((row) => row.event)).toEqual(['export']);
    // A second download counts the first one's entry.
    expect(JSON.parse(await (await request(app, a, '/api/account/export')).text())).toMatchObject({ auditEntries: 1 });
  });

  it('deleting the account removes every row of the person in every table, ends the session, and leaves the others', async () => {
    const db = await open();
    const app = world(db);
    const a = await addPerson(db, 'ana');
    const b = await addPerson(db, 'ben');
    const before = await rowsOf(db, a.id, SECRET);
    const othersBefore = await rowsOf(db, b.id, SECRET);
    expect(before).toMatchObject({ users: 1, sessions: 1, sync_items: 4 });

    // Without the session's CSRF token a page on another site could do this: refused, nothing deleted.
    expect((await request(app, a, '/api/account', { method: 'DELETE', csrf: false })).status).toBe(403);
    expect(await rowsOf(db, a.id, SECRET)).toEqual(before);

    const response = await request(app, a, '/api/account', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^sf_session=;.*Max-Age=0/i);
    const after = await rowsOf(db, a.id, SECRET);
    // The audit log keeps one line that it happened, naming the person only by a keyed hash (see the next test).
    expect(after).toEqual({ ...Object.fromEntries(Object.keys(before).map((table) => [table, 0])), audit_log: 1 });
    expect(await rowsOf(db, b.id, SECRET)).toEqual(othersBefore);
    expect((await request(app, a, '/api/account/export')).status).toBe(401);
    expect((await request(app, b, '/api/account/export')).status).toBe(200);
  });

  it('the audit log says what happened and holds nothing of what the person is or wrote', async () => {
    const db = await open();
    const app = world(db);
    const a = await addPerson(db, 'ana');
    expect((await request(app, a, '/api/account/export')).status).toBe(200);
    expect((await request(app, a, '/api/account', { method: 'DELETE' })).status).toBe(200);
    const rows = await db.system.selectFrom('audit_log').select(['event', 'detail']).orderBy('id').execute();
    expect(rows).toEqual([
      { event: 'export', detail: null },
      { event: 'account-deleted', detail: null },
    ]);
    expect(leaked(await everyRow(db, 'audit_log'), a)).toEqual([]);
  });
});

const DAY = 24 * 60 * 60 * 1000;
/** The class tables count too (the person had no class). */
const NO_CLASS_ROWS = Object.fromEntries(CLASS_TABLES.map((table) => [table, 0]));

describeOnBothDatabases('retention for accounts nobody uses', (open) => {
  it('deletes only the accounts unused for longer than the operator set, with everything in them, and says so in the audit log', async () => {
    const db = await open();
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    const gone = await addPerson(db, 'old', { lastActive: new Date(now - 366 * DAY) });
    const kept = await addPerson(db, 'new', { lastActive: new Date(now - 300 * DAY) });
    const keptBefore = await rowsOf(db, kept.id, SECRET);
    const outcome = await purgeInactiveAccounts(db, { days: 365, now, secret: SECRET });
    expect(outcome.accounts).toBe(1);
    expect(await rowsOf(db, gone.id, SECRET)).toEqual({ users: 0, sessions: 0, sync_items: 0, audit_log: 1, ...NO_CLASS_ROWS });
    expect(await rowsOf(db, kept.id, SECRET)).toEqual(keptBefore);
    const audit = await db.system.selectFrom('audit_log').select(['event', 'detail']).execute();
    expect(audit).toEqual([{ event: 'retention-deleted', detail: null }]);
    expect(leaked(await everyRow(db, 'audit_log'), gone)).toEqual([]);
    // Nothing more to do the next day for the same setting.
    expect((await purgeInactiveAccounts(db, { days: 365, now: now + DAY, secret: SECRET })).accounts).toBe(0);
  });

  it('removes sessions past their end and audit entries older than the log keeps, and nothing newer', async () => {
    const db = await open();
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    const ended = await addPerson(db, 'ended', { now: now - 13 * 60 * 60 * 1000, sessionHours: 12 });
    const live = await addPerson(db, 'live', { now, sessionHours: 12 });
    const audit = createAudit(db, SECRET, () => now - (AUDIT_LOG_DAYS + 1) * DAY);
    await audit('sign-in', ended.id);
    await createAudit(db, SECRET, () => now - (AUDIT_LOG_DAYS - 1) * DAY)('sign-in', live.id);
    const outcome = await purgeInactiveAccounts(db, { days: 365, now, secret: SECRET });
    expect(outcome).toEqual({ accounts: 0, expiredSessions: 1, auditEntries: 1 });
    expect(await rowsOf(db, ended.id, SECRET)).toMatchObject({ users: 1, sessions: 0, sync_items: 4, audit_log: 0 });
    expect(await rowsOf(db, live.id, SECRET)).toMatchObject({ users: 1, sessions: 1, sync_items: 4, audit_log: 1 });
  });

  it('runs when the gateway starts and again every day, on a timer that never keeps the process alive', async () => {
    const db = await open();
    const clock = { now: Date.parse('2026-11-27T12:00:00.000Z') };
    const first = await addPerson(db, 'first', { lastActive: new Date(clock.now - 31 * DAY) });
    const second = await addPerson(db, 'second', { lastActive: new Date(clock.now - 20 * DAY) });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const timers = vi.spyOn(globalThis, 'setInterval');
      const retention = startRetention(db, { days: 30, secret: SECRET, now: () => clock.now });
      const timer = timers.mock.results[0]?.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
      await retention.settled();
      expect((await rowsOf(db, first.id, SECRET)).users).toBe(0);
      expect((await rowsOf(db, second.id, SECRET)).users).toBe(1);
      clock.now += 11 * DAY;
      vi.advanceTimersByTime(RETENTION_EVERY_MS);
      await retention.stop();
      expect((await rowsOf(db, second.id, SECRET)).users).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
