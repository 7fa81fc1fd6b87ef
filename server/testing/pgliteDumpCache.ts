import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Making an empty PGlite (initdb in WebAssembly) and migrating it costs
 * seconds of CPU, and every test file on both databases needs one. The dump
 * is the same for every file until PGlite or the migrations change, so it is
 * kept in node_modules/.cache under a key made of exactly those: PGlite's
 * version and the source of the migrations and the code that runs them. A
 * change to any of them makes a new key, so a stale dump is never used.
 */

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const CACHE_DIR = root('node_modules/.cache/studyforge-pglite');

async function keyOf(state: string): Promise<string> {
  const migrationsDir = root('server/database/migrations');
  const migrationFiles = (await readdir(migrationsDir)).filter((name) => name.endsWith('.ts')).sort();
  const inputs = [
    root('node_modules/@electric-sql/pglite/package.json'),
    root('server/database/migrate.ts'),
    root('server/database/pgliteDialect.ts'),
    ...migrationFiles.map((name) => join(migrationsDir, name)),
  ];
  const hash = createHash('sha256').update(state);
  for (const file of inputs) hash.update(file).update(await readFile(file));
  return hash.digest('hex').slice(0, 24);
}

/** The dump for `state` from the cache, or made by `make` and stored (atomically: test files run side by side). */
export async function cachedPgliteDump(state: string, make: () => Promise<Blob>): Promise<Blob> {
  const file = join(CACHE_DIR, `${state}-${await keyOf(state)}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new Blob([cached]);
  const made = await make();
  await mkdir(CACHE_DIR, { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, Buffer.from(await made.arrayBuffer()));
  await rename(temp, file);
  return made;
}
