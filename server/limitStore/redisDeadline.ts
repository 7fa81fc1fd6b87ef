import type { RateDecision } from '../rateLimit';
import { RATE_SCRIPT, rateAnswerOf, rateDecisionOf } from './redisScripts';

/*
 * Why a count carries a deadline. When Redis stalls (paused, swapping, a
 * long command), the gateway stops waiting after its timeout and counts the
 * request in its own memory (failOpen.ts). But the count it sent is still in
 * Redis's socket (or held by a REST endpoint, which runs a command even once
 * the caller has gone), and Redis runs it when it resumes: the request would
 * be counted twice, and a client refused after the stall for requests it made
 * once. Nothing the gateway sends later can stop a command already sent, so
 * the command decides for itself: it carries the moment past which the
 * gateway no longer uses its answer, in Redis's own clock, and past it counts
 * nothing. An answer saying so is counted by the fallback, like a timeout: so
 * every request is counted once, in Redis or in this process.
 *
 * Runtime-neutral (the REST store runs on Deno and Workers too): no node:.
 */

/** Added to the deadline's margin: timer granularity, event-loop delay, Redis's clock read in whole ms. */
const SAFETY_MS = 20;
/** A sample of Redis's clock is trusted for this long before a slower one may replace it. */
const SAMPLE_KEPT_MS = 10_000;

/** This process's clock for the deadline: monotonic, so a step of the wall clock (NTP, a VM resumed) cannot move a deadline. */
export const monotonicNow = (): number => performance.now();

/** A count Redis ran past its deadline: it counted nothing, so this process must. */
export class CountPastDeadline extends Error {
  override name = 'CountPastDeadline';
  constructor() {
    super('answered too late to be used (a count reached it after its deadline)');
  }
}

/** Redis's clock as this process sees it: what it learnt from answers, and the deadline it gives a count. */
export interface RedisClock {
  /** The deadline for a count sent at `sentAt` (this process's clock), in Redis's clock; '' while that clock is unknown. */
  deadline(sentAt: number): string;
  /** Learns from an answer: Redis read `redisNow` for a call sent at `sentAt` and answered at `receivedAt`. */
  learn(sentAt: number, receivedAt: number, redisNow: number): void;
}

export function createRedisClock(timeoutMs: number): RedisClock {
  let known: { offset: number; roundTrip: number; at: number } | undefined;
  return {
    deadline(sentAt) {
      if (known === undefined) return '';
      /*
       * The gateway uses an answer only if it comes back before it gives up,
       * at sentAt + timeoutMs. So the deadline is that moment less how long
       * an answer takes to come back, in Redis's clock: the offset taken at
       * the midpoint of a round trip may be wrong by half of it, and the way
       * back takes about the other half, hence the whole round trip, plus
       * SAFETY_MS. Early is the safe side: a count that finds the deadline
       * passed is counted here instead (once), while one that lands after the
       * gateway gave up would be counted twice. Capped at half the timeout,
       * so a slow sample never leaves Redis no time to count in.
       */
      const margin = Math.min(known.roundTrip + SAFETY_MS, timeoutMs / 2);
      return String(Math.floor(sentAt + timeoutMs - margin + known.offset));
    },
    learn(sentAt, receivedAt, redisNow) {
      const roundTrip = Math.max(0, receivedAt - sentAt);
      // The quickest recent round trip gives the truest offset; one a while old is replaced anyway, so drift and clock steps heal.
      if (known === undefined || roundTrip <= known.roundTrip + 5 || receivedAt - known.at > SAMPLE_KEPT_MS) {
        known = { offset: redisNow - (sentAt + receivedAt) / 2, roundTrip, at: receivedAt };
      }
    },
  };
}

/**
 * The rate limit's count in a Redis store, whatever carries it: `evaluate`
 * runs a script (rejecting after the store's timeout), `keyOf` names a
 * client's window. Rejects with CountPastDeadline when Redis counted nothing.
 */
export function countWithDeadline(
  evaluate: (script: string, keys: string[], args: string[]) => Promise<unknown>,
  keyOf: (client: string, windowMs: number) => string | Promise<string>,
  clock: RedisClock,
  now: () => number = monotonicNow,
): (key: string, windowMs: number, limit: number) => Promise<RateDecision> {
  return async (key, windowMs, limit) => {
    const keys = [await keyOf(key, windowMs)];
    const sentAt = now();
    const answer = rateAnswerOf(await evaluate(RATE_SCRIPT, keys, [String(windowMs), clock.deadline(sentAt)]));
    clock.learn(sentAt, now(), answer.redisNow);
    if (answer.count === 0) throw new CountPastDeadline();
    return rateDecisionOf(answer, limit);
  };
}

/** Learns Redis's clock from a TIME reply ([seconds, microseconds]) to a call sent at `sentAt`: at connect, before any count. */
export function learnFromTime(clock: RedisClock, sentAt: number, reply: readonly (string | number)[], now: () => number = monotonicNow): void {
  const [seconds, micros] = reply.map(Number);
  if (Number.isFinite(seconds) && Number.isFinite(micros)) clock.learn(sentAt, now(), (seconds as number) * 1000 + (micros as number) / 1000);
}

/**
 * Calls `expire` once `timeoutMs` have passed, but only after this process
 * has read what had already reached it: a timer's turn in the event loop
 * comes before reading sockets, so after a busy spell a late timer would
 * beat an answer that was already there, and that request, counted in
 * Redis, would be counted here too. Answers the function that cancels it.
 */
export function expireAfter(timeoutMs: number, expire: () => void): () => void {
  let timer = setTimeout(() => {
    timer = setTimeout(expire, 0);
  }, timeoutMs);
  return () => clearTimeout(timer);
}
