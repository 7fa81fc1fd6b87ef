import { PGlite } from '@electric-sql/pglite';
import type { PostgresPool } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './dataDirLock';
import { postgresListener, pgliteListener, type Listener } from './notifications';
import { PgliteSingleConnectionPool } from './pgliteDialect';
import type { DatabaseOptions } from './options';

/** What openDatabase builds on: a pool for Kysely, a listener, and, on a server, connections for the migration lock. */
export interface OpenedConnection {
  kind: 'pglite' | 'postgres';
  pool: PostgresPool;
  listener: Listener;
  /** A connection outside the pool (PostgreSQL only), for a session-level advisory lock. */
  lockClient?: () => Promise<pg.Client>;
  /** Runs after the pool has ended. */
  release(): Promise<void>;
}

const INT8_OID = 20;

function parseInt8(text: string): number {
  const value = Number(text);
  // Sequences and counts stay far below 2^53; a value past it would be silently wrong, so it fails loudly instead.
  if (!Number.isSafeInteger(value)) throw new Error(`The database returned ${text}, too large for a JavaScript number.`);
  return value;
}

/**
 * bigint (int8) as a number, as PGlite returns it, so a seq or a count has the
 * same type on both databases. Scoped to our clients, not pg's global parsers.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export async function openServer(url: string): Promise<OpenedConnection> {
  const config: pg.ClientConfig = { connectionString: url, types, application_name: 'studyforge' };
  const pool = new pg.Pool({ ...config, max: 10, idleTimeoutMillis: 30_000 });
  // An idle connection dropped by the server emits 'error' on the pool; unhandled, it would end the process.
  pool.on('error', (error) => console.error('A PostgreSQL connection was lost:', error.message));
  // A connection in use when the server goes away also emits 'error' (after its query has failed), and the pool
  // listens only to idle ones: without this, a PostgreSQL restart mid-query would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    kind: 'postgres',
    pool,
    listener: postgresListener(config),
    async lockClient() {
      const client = new pg.Client(config);
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    release: async () => undefined,
  };
}

export async function openEmbedded(options: DatabaseOptions): Promise<OpenedConnection> {
  const unlock = options.dataDir ? await lockDataDir(options.dataDir) : async () => undefined;
  try {
    const pglite = new PGlite({
      ...(options.dataDir ? { dataDir: `${options.dataDir}/pglite` } : {}),
      ...(options.startFrom ? { loadDataDir: options.startFrom } : {}),
    });
    await pglite.waitReady;
    const pool = new PgliteSingleConnectionPool(pglite);
    return {
      kind: 'pglite',
      pool,
      listener: pgliteListener(pglite, (fn) => pool.exclusive(fn)),
      release: unlock,
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
