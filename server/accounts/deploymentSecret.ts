import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AccountSettings } from './settings';

/*
 * The deployment's secret keys the sign-in attempt's cookie and the audit
 * log's actor hashes. An operator sets STUDYFORGE_SESSION_SECRET; with the
 * embedded database (one process) a random one is made once and kept beside
 * the data, so the README's three lines are enough. Several instances on one
 * PostgreSQL must share it: each inventing its own would refuse every
 * sign-in that comes back to another instance, so that is said at start.
 */

const SECRET_FILE = 'session-secret';

export function withDeploymentSecret(settings: AccountSettings, database: { url?: string; dataDir?: string }): AccountSettings & { secret: string } {
  if (settings.secret) return { ...settings, secret: settings.secret };
  if (database.url) {
    throw new Error('Sign-in with STUDYFORGE_DATABASE_URL needs STUDYFORGE_SESSION_SECRET: the same long random text on every instance');
  }
  if (!database.dataDir) throw new Error('Sign-in needs STUDYFORGE_SESSION_SECRET when the database has no folder');
  const dir = path.resolve(database.dataDir);
  const file = path.join(dir, SECRET_FILE);
  try {
    return { ...settings, secret: readFileSync(file, 'utf8').trim() };
  } catch {
    mkdirSync(dir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    // 'wx': if another start wrote one first, this fails and theirs is read below.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      return { ...settings, secret: readFileSync(file, 'utf8').trim() };
    }
    return { ...settings, secret };
  }
}
