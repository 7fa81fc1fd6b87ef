import type { MiddlewareHandler } from 'hono';

/*
 * When the database cannot be reached, sync says so in a sentence a person
 * can act on, with 503 so the device keeps its queue and tries again later,
 * instead of a bare 500 that reads like a bug. Only errors that mean "no
 * database" count; any other failure stays a 500 and is logged as one.
 */

export const SYNC_PAUSED = 'Sync is paused: the server cannot reach its database. Your work is kept on this device.';

/** Socket errors of a server that is not there (stopped, restarting, unreachable). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** PostgreSQL's own words for it: connection exceptions (class 08), shutting down or starting up (57P01-57P03), too many connections. */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** What pg, Kysely and PGlite say when their connection has ended or was closed. */
const CLOSED_MESSAGES = [/Connection terminated/i, /pool after calling end/i, /driver has already been destroyed/i, /PGlite is closed/i, /The database is closed/i, /timeout exceeded when trying to connect/i];

export function cannotReachDatabase(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableState(code))) return true;
  if (typeof message === 'string' && CLOSED_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => cannotReachDatabase(inner, depth + 1))) return true;
  return cannotReachDatabase(cause, depth + 1);
}

/** Answers 503 with SYNC_PAUSED when anything after it (the session lookup included) failed for want of the database. */
export const pausedWhenDatabaseDown: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.error && cannotReachDatabase(c.error)) {
    c.res = undefined;
    c.res = c.json({ error: SYNC_PAUSED }, 503, { 'Retry-After': '30' });
  }
};
