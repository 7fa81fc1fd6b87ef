import { expect } from 'vitest';

/*
 * The scenarios every shared limit store's multi-instance tests walk through
 * (Redis over TCP, Redis over REST, Deno KV), written once: two gateways
 * sharing one store with a limit of 4, and the same two each counting on
 * their own. What differs per store is how a gateway is asked: a process over
 * HTTP (limitRequests.ts) or a gateway built in the test's own process
 * (redisRestGateways.ts).
 */

/** How a test asks its gateways as one client, and expects the rate limit's 429. */
export interface Asking<G> {
  ask(g: G, client: string): Promise<Response>;
  expectLimited(g: G, client: string): Promise<void>;
}

/** Requests alternating between `a` and `b` are limited at 4 in all: the 5th, on either, gets the 429; `other` is not limited by that count. */
export async function expectOneLimitAcrossTwo<G>(a: G, b: G, client: string, other: string, { ask, expectLimited }: Asking<G>): Promise<void> {
  const statuses: number[] = [];
  for (const g of [a, b, a, b]) statuses.push((await ask(g, client)).status);
  expect(statuses).toEqual([200, 200, 200, 200]);
  await expectLimited(a, client);
  await expectLimited(b, client);
  // Another client is not limited by this one's count.
  expect((await ask(b, other)).status).toBe(200);
}

/** Without a shared store, each of `a` and `b` allows the full `limit` on its own (what sharing prevents). */
export async function expectEachAllowsFullLimit<G>(a: G, b: G, client: string, limit: number, { ask, expectLimited }: Asking<G>): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < limit; i += 1) for (const g of [a, b]) statuses.push((await ask(g, client)).status);
  expect(statuses).toEqual(Array(2 * limit).fill(200));
  await expectLimited(a, client);
  await expectLimited(b, client);
}
