import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DatabaseOptions {
  /** postgres:// or postgresql:// URL of a PostgreSQL server (a district's, Supabase's). Wins over dataDir. */
  url?: string;
  /** Folder of the embedded database (PGlite keeps its files in `<dataDir>/pglite`). Neither set: in memory. */
  dataDir?: string;
  /** Start the embedded database from a dump of an empty one (PGlite's dumpDataDir) instead of initdb: tests open many. */
  startFrom?: Blob;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** `data/` in the repository root, gitignored: where `npm start` keeps accounts unless told otherwise. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../data', import.meta.url));

/** STUDYFORGE_DATABASE_URL (a PostgreSQL server), else STUDYFORGE_DATA_DIR (relative to the working folder), else `data/`. */
export function databaseOptionsFromEnv(env: Environment): DatabaseOptions {
  const url = env.STUDYFORGE_DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('STUDYFORGE_DATABASE_URL must be a PostgreSQL URL starting with postgres:// or postgresql://.');
    }
    return { url };
  }
  const dir = env.STUDYFORGE_DATA_DIR?.trim();
  if (!dir) return { dataDir: DEFAULT_DATA_DIR };
  return { dataDir: isAbsolute(dir) ? dir : resolve(process.cwd(), dir) };
}
