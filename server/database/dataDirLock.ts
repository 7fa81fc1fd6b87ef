import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * PGlite is PostgreSQL inside this process: two processes (or two opens in
 * one) on the same folder would each believe they own its files and corrupt
 * them. A lock file holding the owner's process id refuses the second with a
 * message saying what to do instead; one left by a process that has died is
 * taken over.
 */

const LOCK_FILE = 'pglite.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ownerOf(lockPath: string): Promise<number | undefined> {
  const text = await readFile(lockPath, 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Takes the data folder for this process; answers the function that gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await unlink(lockPath).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await ownerOf(lockPath);
      if (owner !== undefined && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is already open (process ${owner}). ` +
            'Stop that StudyForge first, or set STUDYFORGE_DATABASE_URL to a PostgreSQL server to run several instances.',
        );
      }
      // Left by a process that is gone: take it over.
      await unlink(lockPath).catch(() => undefined);
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}: another process keeps creating it.`);
}
