import type { Context, Hono } from 'hono';
import type { ContractErrorCode } from '../src/kernel/backend/contractErrors';
import type { LogOptions } from './gatewayLog';
import { failure, type UpstreamCall } from './upstreamCall';

/*
 * How the gateway's routes answer when they do not answer with a model's
 * text: the contract's {error} (spec 7), with the headers that go with it.
 */

export const SAMPLE_HEADER = 'X-StudyForge-Sample';

/** For answers sent before the body was read: the connection cannot carry another request. */
export const CLOSE = { Connection: 'close' };

export function errorJson(c: Context, status: number, error: string, headers: Record<string, string> = {}, code?: ContractErrorCode) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(code ? { error, code } : { error }, status as 400);
}

/** A failed upstream call as the contract's {error}, with Retry-After when the provider said when, and `code` when the app acts on its kind. */
export function failureJson(c: Context, error: unknown, call: UpstreamCall, log: LogOptions) {
  const { status, message, retryAfter, code } = failure(error, call.timedOut(), c.req.raw.signal.aborted, log);
  return errorJson(c, status, message, retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {}, code);
}

/** A body over its limit. The unread rest of it makes the connection unusable: said, so no client sends its next request on it. */
export const tooLarge = (what: string, bytes: number) => (c: Context) =>
  errorJson(c, 413, `The ${what} is too large: the limit is ${Math.round(bytes / 1024)} KB.`, CLOSE);

/** The contract's routes take POST only: anything else is told so, in the contract's {error} form. */
export function postOnly(app: Hono, path: string): void {
  app.on(['GET', 'PUT', 'PATCH', 'DELETE'], path, (c) => errorJson(c, 405, `Use POST for ${path}.`, { Allow: 'POST, OPTIONS' }));
}
