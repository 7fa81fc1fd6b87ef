import { failOpenRateLimit } from './failOpen';
import { countWithDeadline, createRedisClock, expireAfter } from './redisDeadline';
import {
  ADD_SCRIPT,
  addScriptArgs,
  addTotalsOf,
  budgetKey,
  chargeOperations,
  rateKey,
} from './redisScripts';
import { StoreUnavailable, type LimitStore } from './types';

/*
 * The gateway's counters in a Redis reached over HTTPS, an Upstash-style
 * REST endpoint, for where no TCP connection can be held open:
 * Supabase Edge Functions (no Deno KV there, no long-lived sockets), Deno
 * Deploy, Workers, and Node too. Supabase documents this as its way to a
 * shared counter store:
 *   https://supabase.com/docs/guides/functions/examples/upstash-redis
 *
 * The REST protocol (https://upstash.com/docs/redis/features/restapi): a
 * command is POSTed to the base URL as a JSON array, its name then its
 * arguments (["EVAL", script, numkeys, key..., arg...]), with
 * `Authorization: Bearer <token>`; the answer is {"result": …} (a Lua table
 * of integers comes back as a JSON array of numbers), an error is
 * {"error": "…"} with a non-2xx status, and a wrong token is 401
 * (https://upstash.com/docs/devops/developer-api/http_status_codes). The
 * array form, not the path form (/incr/key), since a script does not fit
 * in a path.
 *
 * The same scripts and keys as the TCP store (redis.ts, via
 * redisScripts.ts), so one Redis can be shared by Node gateways over TCP and
 * edge functions over REST. The same rules: keys are SHA-256 hashes with the
 * salt, never a client address; one call may take `timeoutMs` (250 ms);
 * past that, or on any failure, the rate limit fails open to `fallback`
 * (this process's own limit) with one log line per outage naming no client,
 * and a line when the store answers again; budgets (`add`) fail closed,
 * rejecting with StoreUnavailable.
 *
 * The token is only ever put in the Authorization header: no log line or
 * error message made here holds it, nor the URL (which could carry one as
 * ?_token=), nor what fetch itself said (its errors can quote a header).
 */

export interface RedisRestLimitStoreOptions {
  /** The REST endpoint's base URL (https://…, or http:// on loopback: config.ts). */
  url: string;
  /** The REST token (STUDYFORGE_LIMIT_STORE_TOKEN), sent as a bearer token. */
  token: string;
  /** Mixed into every key's hash (STUDYFORGE_LIMIT_SALT, config.ts): the same on every instance. */
  salt?: string;
  /** This process's own limit, used while the store does not answer. */
  fallback: LimitStore;
  /** How long one store call may take before the fallback answers, or the budgets refuse (250 ms). */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** The fetch to call: the runtime's own unless a test or host hands another. */
  fetch?: typeof globalThis.fetch;
}

/** Why a call failed, in words fit for a log line: never the token, the URL or fetch's own message. */
class StoreFailure extends Error {}

/** An {"error": "…"} message from the store, shortened, with anything that looks like the token taken out. */
function storeSaid(body: unknown, token: string): string {
  if (typeof body !== 'object' || body === null || !('error' in body) || typeof body.error !== 'string') return '';
  const said = body.error.split(token).join('…').replace(/\s+/g, ' ').trim().slice(0, 120);
  return said === '' ? '' : `: ${said}`;
}

export function createRedisRestLimitStore({
  url,
  token,
  salt = '',
  fallback,
  timeoutMs = 250,
  log = console.warn,
  fetch = globalThis.fetch,
}: RedisRestLimitStoreOptions): LimitStore {

  /** One EVAL over REST, its {"result": …}, or StoreFailure saying why (a timeout after timeoutMs). */
  async function evalWithin(script: string, keys: string[], args: string[]): Promise<unknown> {
    const controller = new AbortController();
    let cancel = () => {};
    // Aborting ends the request and its body's reading; the race also covers a fetch that ignores its signal.
    const timeout = new Promise<never>((_, reject) => {
      cancel = expireAfter(timeoutMs, () => {
        controller.abort();
        reject(new StoreFailure(`no answer within ${timeoutMs} ms`));
      });
    });
    const call = async (): Promise<unknown> => {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(['EVAL', script, keys.length, ...keys, ...args]),
          // No `cache` option: POST answers are not cached anyway, and some runtimes (Workers) reject the field.
          signal: controller.signal,
        });
      } catch {
        throw new StoreFailure('unreachable');
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      if (response.status === 401 || response.status === 403) throw new StoreFailure(`refused the token (HTTP ${response.status}; check STUDYFORGE_LIMIT_STORE_TOKEN)`);
      if (!response.ok) throw new StoreFailure(`answered HTTP ${response.status}${storeSaid(body, token)}`);
      if (typeof body !== 'object' || body === null || !('result' in body)) throw new StoreFailure('answered something other than {"result": …}');
      return body.result;
    };
    try {
      return await Promise.race([call(), timeout]);
    } finally {
      cancel();
    }
  }

  /** The reason a failure names, whatever was thrown (a malformed answer included). */
  const why = (error: unknown): string => (error instanceof StoreFailure ? error.message : 'answered something unexpected');

  // An aborted request may still be run by the endpoint: its count carries a deadline (redisDeadline.ts), learnt from answers.
  const shared = countWithDeadline(evalWithin, (key, windowMs) => rateKey(key, windowMs, salt), createRedisClock(timeoutMs));


  return {
    consume: failOpenRateLimit(shared, fallback, why, log),
    ...chargeOperations(evalWithin, (key) => budgetKey(key, salt), why),
    // Budgets fail closed: no fallback, the caller (budgets.ts) refuses while the store cannot answer, and logs it.
    async add(counts) {
      if (counts.length === 0) return [];
      try {
        const keys = await Promise.all(counts.map((count) => budgetKey(count.key, salt)));
        return addTotalsOf(await evalWithin(ADD_SCRIPT, keys, addScriptArgs(counts)), counts.length);
      } catch (error) {
        throw new StoreUnavailable(why(error));
      }
    },
    // Nothing held open: each call is one request.
    async close() {
      await fallback.close();
    },
  };
}
