import type { PGlite } from '@electric-sql/pglite';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/*
 * Kysely over PGlite with Kysely's own PostgresDialect: PGlite speaks
 * PostgreSQL, so the adapter, introspector and query compiler are the
 * PostgreSQL ones and only the "pool" is ours. PGlite is ONE connection, so
 * the pool hands it to one borrower at a time, in order: a transaction holds
 * it from BEGIN to COMMIT and nothing else (another request, a LISTEN) can
 * slip a statement into it. (kysely-pglite does the same with heavy
 * dependencies: oclif, a code generator.)
 */

type QueryCommand = PostgresQueryResult<unknown>['command'];

class PgliteClient implements PostgresPoolClient {
  #released = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly onRelease: () => void,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('Streaming (cursors) is not supported on the embedded database.');
    if (this.#released) return Promise.reject(new Error('This embedded database connection was already released.'));
    return this.pglite.query<R>(sqlOrCursor, [...parameters]).then((result) => ({
      command: (result.command ?? 'SELECT') as QueryCommand,
      rowCount: result.rowCount ?? result.affectedRows ?? 0,
      rows: result.rows,
    }));
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.onRelease();
  }
}

/** The one PGlite connection as a pool of one: connect() waits for the previous borrower to release it. */
export class PgliteSingleConnectionPool implements PostgresPool {
  #tail: Promise<void> = Promise.resolve();
  #ended = false;

  constructor(readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) throw new Error('The embedded database is closed.');
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => turn);
    await previous;
    return new PgliteClient(this.pglite, release);
  }

  /** Runs `fn` while holding the connection, for PGlite calls made outside Kysely (LISTEN, UNLISTEN). */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      return await fn();
    } finally {
      client.release();
    }
  }

  async end(): Promise<void> {
    if (this.#ended) return;
    // Wait for the current borrowers, then close; later connect() calls fail clearly.
    await this.exclusive(async () => {
      this.#ended = true;
      await this.pglite.close();
    });
  }
}
