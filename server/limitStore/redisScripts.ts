import type { RateDecision } from '../rateLimit';
import { StoreUnavailable, type Charge, type LimitStore, type Reservation } from './types';

/*
 * What every Redis-backed store sends, whatever carries it: the Lua scripts
 * and the key names. redis.ts sends them over TCP (ioredis, Node);
 * redisRest.ts sends the same over HTTPS (an Upstash-style REST endpoint:
 * Supabase Edge Functions, Deno, Workers). Both must count in the same keys
 * with the same scripts, so a district can move between the two, or run
 * both, without its counters starting over.
 *
 * Runtime-neutral on purpose: no node: import. The key hash is Web Crypto's
 * SHA-256 (crypto.subtle, present in Node 19+, Deno, Supabase Edge and
 * Workers), which is asynchronous, hence the async key functions.
 */

/*
 * The rate limit: one fixed-window counter per client, counted and given its
 * expiry in one script (atomic, so two processes never both see the same
 * count). ARGV[1] is the window; ARGV[2], when not empty, a deadline in
 * Redis's own clock (ms since the epoch, redisDeadline.ts says why): a count
 * that reaches Redis after it counts nothing and answers a count of 0.
 * Answers {count, milliseconds left in the window, Redis's time in ms}.
 * TIME before a write needs effects replication: the default since Redis 5,
 * asked for on older servers that have the call.
 */
export const RATE_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
if ARGV[2] and ARGV[2] ~= '' and now > tonumber(ARGV[2]) then return {0, 0, math.floor(now)} end
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl, math.floor(now)}
`;

/*
 * The budgets' counters: each amount added (INCRBY) and its expiry set to its
 * period's end, in one script, so instances never lose each other's tokens.
 * An amount of 0 only reads (GET), making no key. ARGV holds amount and
 * expiresAt (ms since the epoch) in turn, one pair per key.
 */
export const ADD_SCRIPT = `
local totals = {}
for i, key in ipairs(KEYS) do
  local amount = tonumber(ARGV[2 * i - 1])
  if amount == 0 then
    totals[i] = tonumber(redis.call('GET', key) or '0')
  else
    totals[i] = redis.call('INCRBY', key, amount)
    redis.call('PEXPIREAT', key, ARGV[2 * i])
  end
end
return totals
`;

/*
 * The budgets' reservations and settlements (types.ts: reserve, settle; the
 * same rule as charges.ts, which memory.ts and denoKv.ts run), each one
 * script, so no other instance's call comes between reading a counter and
 * adding to it. KEYS[1] is the charge's record, "<allowed 1|0>:<charged>",
 * kept until ARGV[2]; KEYS[2..] the counters; ARGV[1] the amount, then cap
 * and expiresAt in turn, one pair per counter. Both answer the totals after;
 * the reservation puts 1 (let through) or 0 before them.
 */
export const RESERVE_SCRIPT = `
local totals = {}
for i = 2, #KEYS do totals[i - 1] = tonumber(redis.call('GET', KEYS[i]) or '0') end
local known = redis.call('GET', KEYS[1])
local allowed = 1
if known then
  if string.sub(known, 1, 1) ~= '1' then allowed = 0 end
else
  for i = 1, #totals do
    local cap = tonumber(ARGV[1 + 2 * i])
    if cap > 0 and totals[i] >= cap then allowed = 0 end
  end
  local amount = 0
  if allowed == 1 then amount = tonumber(ARGV[1]) end
  if amount ~= 0 then
    for i = 1, #totals do
      totals[i] = redis.call('INCRBY', KEYS[i + 1], amount)
      redis.call('PEXPIREAT', KEYS[i + 1], ARGV[2 + 2 * i])
    end
  end
  redis.call('SET', KEYS[1], allowed .. ':' .. string.format('%d', amount))
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
table.insert(totals, 1, allowed)
return totals
`;

export const SETTLE_SCRIPT = `
local known = redis.call('GET', KEYS[1])
local allowed = '0'
local charged = 0
if known then
  allowed = string.sub(known, 1, 1)
  charged = tonumber(string.sub(known, 3))
end
local amount = tonumber(ARGV[1])
local difference = amount - charged
local totals = {}
for i = 2, #KEYS do
  local total = tonumber(redis.call('GET', KEYS[i]) or '0')
  if difference ~= 0 then
    total = math.max(0, total + difference)
    redis.call('SET', KEYS[i], string.format('%d', total))
    redis.call('PEXPIREAT', KEYS[i], ARGV[2 * i])
  end
  totals[i - 1] = total
end
redis.call('SET', KEYS[1], allowed .. ':' .. string.format('%d', amount))
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return totals
`;

export const RATE_KEY_PREFIX = 'studyforge:rate:';
export const BUDGET_KEY_PREFIX = 'studyforge:budget:';

/** The lowercase hex SHA-256 of a UTF-8 string, by Web Crypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/*
 * The two hashed inputs, kept byte for byte as they were when redis.ts
 * hashed them with node:crypto: a changed input would be a new key, and
 * every district's windows and budgets would start from zero on upgrade.
 */
export const rateKeyInput = (client: string, windowMs: number, salt: string): string => `studyforge-rate-limit:v1:${salt}:${windowMs}:${client}`;
export const budgetKeyInput = (key: string, salt: string): string => `studyforge-budget:v1:${salt}:${key}`;

/** The key a client's window is counted under: a hash, never the address itself. */
export async function rateKey(client: string, windowMs: number, salt = ''): Promise<string> {
  return `${RATE_KEY_PREFIX}${await sha256Hex(rateKeyInput(client, windowMs, salt))}`;
}

/** A budget counter's key: a hash, since a per-client counter's name holds the client's key. */
export async function budgetKey(key: string, salt = ''): Promise<string> {
  return `${BUDGET_KEY_PREFIX}${await sha256Hex(budgetKeyInput(key, salt))}`;
}

/** The rate script's answer: the client's count (0: past its deadline, nothing counted), the window's ms left, Redis's time. */
export interface RateAnswer {
  count: number;
  ttl: number;
  redisNow: number;
}

export function rateAnswerOf(answer: unknown): RateAnswer {
  if (!Array.isArray(answer) || answer.length !== 3) throw new Error('unexpected answer to the rate-limit script');
  const [count, ttl, redisNow] = answer.map(Number) as [number, number, number];
  if (![count, ttl, redisNow].every(Number.isFinite)) throw new Error('unexpected answer to the rate-limit script');
  return { count, ttl, redisNow };
}

/** A counted answer as a decision: allowed up to `limit`, else Retry-After until the window ends. */
export function rateDecisionOf({ count, ttl }: RateAnswer, limit: number): RateDecision {
  if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
}

/** The ADD_SCRIPT arguments for some additions: amounts and expiries, whole numbers as strings. */
export function addScriptArgs(counts: readonly { amount: number; expiresAt: number }[]): string[] {
  return counts.flatMap((count) => [String(Math.round(count.amount)), String(Math.round(count.expiresAt))]);
}

/** The RESERVE_SCRIPT and SETTLE_SCRIPT arguments: the amount, until when the record is kept, then cap and expiresAt per counter. */
function chargeScriptArgs(charge: Charge, amount: number): string[] {
  const whole = (value: number) => String(Math.max(0, Math.round(value)));
  return [whole(amount), whole(charge.rememberUntil), ...charge.counters.flatMap((counter) => [whole(counter.cap), whole(counter.expiresAt)])];
}

/** The RESERVE_SCRIPT's answer, checked like addTotalsOf's. */
function reservationOf(answer: unknown, counters: number): Reservation {
  const [allowed, ...totals] = addTotalsOf(answer, counters + 1);
  return { allowed: allowed === 1, totals };
}

/**
 * reserve and settle for a Redis store, whatever carries its scripts:
 * `evaluate` runs one, `keyOf` hashes a key (a charge's record is hashed
 * like a counter, so every key the budgets make looks alike), and any
 * failure, a malformed answer included, is StoreUnavailable saying `why`.
 */
export function chargeOperations(
  evaluate: (script: string, keys: string[], args: string[]) => Promise<unknown>,
  keyOf: (key: string) => string | Promise<string>,
  why: (error: unknown) => string,
): Pick<LimitStore, 'reserve' | 'settle'> {
  async function run<T>(script: string, charge: Charge, amount: number, read: (answer: unknown, counters: number) => T): Promise<T> {
    try {
      const keys = await Promise.all([`charge:${charge.id}`, ...charge.counters.map((counter) => counter.key)].map(keyOf));
      return read(await evaluate(script, keys, chargeScriptArgs(charge, amount)), charge.counters.length);
    } catch (error) {
      throw new StoreUnavailable(why(error));
    }
  }
  return {
    reserve: (charge, amount) => run(RESERVE_SCRIPT, charge, amount, reservationOf),
    settle: (charge, amount) => run(SETTLE_SCRIPT, charge, amount, addTotalsOf),
  };
}

/** The ADD_SCRIPT's answer as totals, one per key, checked: a total that is not a number would let spending through uncounted. */
export function addTotalsOf(answer: unknown, expected: number): number[] {
  if (!Array.isArray(answer) || answer.length !== expected) throw new Error('unexpected answer to the budget script');
  const totals = answer.map(Number);
  if (totals.some((total) => !Number.isFinite(total))) throw new Error('unexpected answer to the budget script');
  return totals;
}
