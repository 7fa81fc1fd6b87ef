import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseOptionsFromEnv, openDatabase } from './database';
import { DEFAULT_DATA_DIR } from './options';

/* What an operator sees of the embedded default: where its files live, and that they outlive a restart. */

describe('database options from the environment', () => {
  it('keep the embedded database in data/ of the repository when nothing is set', () => {
    expect(databaseOptionsFromEnv({})).toEqual({ dataDir: DEFAULT_DATA_DIR });
    expect(DEFAULT_DATA_DIR).toBe(resolve(import.meta.dirname, '../../data'));
  });

  it('take STUDYFORGE_DATA_DIR, relative to the working folder, and prefer STUDYFORGE_DATABASE_URL', () => {
    expect(databaseOptionsFromEnv({ STUDYFORGE_DATA_DIR: 'var/sf' })).toEqual({ dataDir: resolve(process.cwd(), 'var/sf') });
    const url = 'postgres://studyforge@db.example.org/studyforge';
    expect(databaseOptionsFromEnv({ STUDYFORGE_DATABASE_URL: url, STUDYFORGE_DATA_DIR: '/srv/sf' })).toEqual({ url });
  });

  it('refuse a database URL that is not PostgreSQL, saying what is expected', () => {
    expect(() => databaseOptionsFromEnv({ STUDYFORGE_DATABASE_URL: 'mysql://db/studyforge' })).toThrow(/postgres:\/\//);
  });
});

describe('the embedded database on disk', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps its rows across a restart, in <data dir>/pglite, and frees the folder on close', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'studyforge-data-'));
    const first = await openDatabase({ dataDir });
    await first.system.insertInto('users').values({ id: 'u1', issuer: 'https://idp.example', subject: 's1' }).execute();
    await first.close();
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

    const again = await openDatabase({ dataDir });
    try {
      expect(await again.system.selectFrom('users').select('id').execute()).toEqual([{ id: 'u1' }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
