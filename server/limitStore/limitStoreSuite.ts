import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailable, type Charge, type LimitStore } from './types';

/*
 * What every limit store must do, run against each of them: memory
 * (limitStore/limitStore.test.ts), Redis over TCP (sharedLimits.test.ts) and
 * over REST (redisRestLimits.test.ts), both on a real redis-server, and Deno
 * KV (denoKvLimits.test.ts). A store that passes here can carry the rate
 * limit and the budgets; what only one store has (its keys, its outage, its
 * runtime) stays in that store's own file.
 *
 * Every test names its own counters (a random prefix), so stores shared by
 * a whole file (one Redis) need no cleaning between tests.
 */

const HOUR = 3_600_000;

/** Resolves once a shared store answers (a new connection is not ready at once), failing after `timeoutMs`. */
export async function answering(store: LimitStore, timeoutMs = 10_000): Promise<LimitStore> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await store.add([{ key: 'suite:ready', amount: 0, expiresAt: Date.now() + HOUR }]);
      return store;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A shared store that can stall: stop answering while still taking commands, as a paused Redis does. */
export interface StallingStore {
  /** A store as a gateway makes one, with a timeout after which its own fallback counts. */
  makeStore(): LimitStore | Promise<LimitStore>;
  /** Stalls the store; answers the function that resumes it. */
  stall(): Promise<() => Promise<void>>;
}

/**
 * `unreachable`, for a shared store: one pointed at a store that cannot answer (nothing listening, a broken
 * KV), for the budgets' fail-closed rule. The memory store always answers and has none. `stalling`, for
 * a store whose commands can still land after the gateway stopped waiting for them (Redis, over TCP or REST).
 */
export function describeLimitStore(
  name: string,
  makeStore: () => LimitStore | Promise<LimitStore>,
  unreachable?: () => LimitStore | Promise<LimitStore>,
  stalling?: StallingStore,
): void {
  describe(`the ${name} store (what every limit store does)`, () => {
    const opened: LimitStore[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    async function fresh() {
      const store = await makeStore();
      opened.push(store);
      const prefix = `suite:${randomUUID()}:`;
      const expiresAt = Date.now() + HOUR;
      const charge = (caps: Record<string, number>): Charge => ({
        id: randomUUID(),
        counters: Object.entries(caps).map(([key, cap]) => ({ key: prefix + key, cap, expiresAt })),
        rememberUntil: Date.now() + HOUR,
      });
      const totals = (...keys: string[]) => store.add(keys.map((key) => ({ key: prefix + key, amount: 0, expiresAt })));
      const add = (key: string, amount: number) => store.add([{ key: prefix + key, amount, expiresAt }]);
      return { store, prefix, charge, totals, add };
    }

    it('counts requests per client in its window: the limit, then a refusal with Retry-After within the window', async () => {
      const { store, prefix } = await fresh();
      for (let i = 0; i < 3; i += 1) expect((await store.consume(`${prefix}a`, 10_000, 3)).allowed).toBe(true);
      const refused = await store.consume(`${prefix}a`, 10_000, 3);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(10);
      // Another client is not limited by this one's count.
      expect((await store.consume(`${prefix}b`, 10_000, 3)).allowed).toBe(true);
    });

    it('adds to counters and answers the totals; 0 reads; one counter named twice in a call is added to twice', async () => {
      const { store, prefix, totals } = await fresh();
      const expiresAt = Date.now() + HOUR;
      expect(await totals('school')).toEqual([0]);
      expect(await store.add([{ key: `${prefix}school`, amount: 100, expiresAt }, { key: `${prefix}client`, amount: 40, expiresAt }])).toEqual([100, 40]);
      expect(await store.add([{ key: `${prefix}school`, amount: 1, expiresAt }, { key: `${prefix}school`, amount: 2, expiresAt }])).toEqual([101, 103]);
      expect(await totals('school', 'client')).toEqual([103, 40]);
    });

    it('lets exactly one of 30 reservations at once through when one of them fills the cap', async () => {
      const { store, charge, totals } = await fresh();
      const answers = await Promise.all(Array.from({ length: 30 }, () => store.reserve(charge({ day: 1_000 }), 1_000)));
      expect(answers.filter((answer) => answer.allowed)).toHaveLength(1);
      // A refused reservation adds nothing: only the one let through is counted.
      expect(await totals('day')).toEqual([1_000]);
      for (const refused of answers.filter((answer) => !answer.allowed)) expect(refused.totals).toEqual([1_000]);
    });

    it('lets through, of 30 at once, only those that find the counter below its cap', async () => {
      const { store, charge, totals } = await fresh();
      const answers = await Promise.all(Array.from({ length: 30 }, () => store.reserve(charge({ day: 1_000 }), 300)));
      // 0, 300, 600 and 900 are below 1,000: four pass, and the counter goes past the cap by less than one call.
      expect(answers.filter((answer) => answer.allowed)).toHaveLength(4);
      expect(await totals('day')).toEqual([1_200]);
    });

    it('refuses when any one counter is used up, adding to none of them', async () => {
      const { store, charge, totals, add } = await fresh();
      await add('client', 50);
      const refused = await store.reserve(charge({ school: 1_000, client: 50 }), 10);
      expect(refused).toEqual({ allowed: false, totals: [0, 50] });
      expect(await totals('school', 'client')).toEqual([0, 50]);
      expect(await store.reserve(charge({ school: 1_000, client: 0 }), 10)).toEqual({ allowed: true, totals: [10, 60] });
    });

    it('settles to the exact cost, however many times the same settlement is sent; settling 0 gives the reservation back', async () => {
      const { store, charge, totals, add } = await fresh();
      await add('day', 7);
      const call = charge({ day: 10_000 });
      expect(await store.reserve(call, 1_000)).toEqual({ allowed: true, totals: [1_007] });
      expect(await store.settle(call, 250)).toEqual([257]);
      // Sent again, as after an answer that came too late: nothing changes.
      expect(await store.settle(call, 250)).toEqual([257]);
      expect(await store.settle(call, 4_000)).toEqual([4_007]);
      const refunded = charge({ day: 10_000 });
      await store.reserve(refunded, 500);
      expect(await store.settle(refunded, 0)).toEqual([4_007]);
      expect(await totals('day')).toEqual([4_007]);
    });

    it('counts a reservation sent twice (a retry after a timeout) once, and answers it as it was decided', async () => {
      const { store, charge, totals } = await fresh();
      const call = charge({ day: 1_000 });
      expect((await store.reserve(call, 600)).allowed).toBe(true);
      expect(await store.reserve(call, 600)).toEqual({ allowed: true, totals: [600] });
      const late = charge({ day: 1_000 });
      await store.reserve(charge({ day: 1_000 }), 600);
      expect((await store.reserve(late, 600)).allowed).toBe(false);
      expect((await store.reserve(late, 600)).allowed).toBe(false);
      expect(await totals('day')).toEqual([1_200]);
    });

    it('ignores a reservation that arrives after its own cancellation (settled at 0 first)', async () => {
      const { store, charge, totals } = await fresh();
      const call = charge({ day: 1_000 });
      expect(await store.settle(call, 0)).toEqual([0]);
      expect((await store.reserve(call, 600)).allowed).toBe(false);
      expect(await totals('day')).toEqual([0]);
    });

    it('never takes a counter below 0 when it settles (a counter emptied since the reservation)', async () => {
      const { store, charge, add } = await fresh();
      const call = charge({ day: 1_000 });
      await store.reserve(call, 300);
      await add('day', -300);
      expect(await store.settle(call, 100)).toEqual([0]);
    });

    // Registered only for a store that has the case (the memory store is never unreachable), so no run lists it as skipped.
    if (unreachable) it('rejects every budget operation with StoreUnavailable while it cannot answer (budgets fail closed)', async () => {
      const store = await unreachable();
      opened.push(store);
      const expiresAt = Date.now() + HOUR;
      const charge: Charge = { id: randomUUID(), counters: [{ key: 'suite:down', cap: 10, expiresAt }], rememberUntil: expiresAt };
      await expect(store.add([{ key: 'suite:down', amount: 1, expiresAt }])).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.reserve(charge, 1)).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.settle(charge, 1)).rejects.toBeInstanceOf(StoreUnavailable);
    });

    /*
     * Through a stall: one store stalls (its requests are counted by its
     * fallback, and the counts it sent land when the store resumes), while a
     * second store on the same server, its own fallback unused, shows what
     * the shared counter holds: the 429 comes exactly at the limit.
     */
    async function throughAStall(during: (stalled: LimitStore, prefix: string) => Promise<void>) {
      const { store: shared, prefix } = await fresh();
      const stalled = await answering(await (stalling as StallingStore).makeStore());
      opened.push(stalled);
      // A request before the stall, as a running gateway has had: a store may learn from its answers.
      expect((await stalled.consume(`${prefix}before`, 60_000, 3)).allowed).toBe(true);
      const resume = await (stalling as StallingStore).stall();
      try {
        await during(stalled, prefix);
      } finally {
        await resume();
      }
      const allowedInTheStore = async (client: string, limit: number) => {
        let allowed = 0;
        while (allowed <= limit && (await shared.consume(client, 60_000, limit)).allowed) allowed += 1;
        return allowed;
      };
      return { stalled, prefix, allowedInTheStore };
    }

    if (stalling) it('counts a request made while it stalls once: by the fallback, not again when the stalled count lands', async () => {
      const { stalled, prefix, allowedInTheStore } = await throughAStall(async (store, prefix) => {
        for (let i = 0; i < 3; i += 1) expect((await store.consume(`${prefix}stalled`, 60_000, 5)).allowed).toBe(true);
      });
      // The stalled store's next request queues behind the counts it sent during the stall: once it is answered, they have landed.
      await stalled.consume(`${prefix}after`, 60_000, 5);
      expect(await allowedInTheStore(`${prefix}stalled`, 5)).toBe(5);
    });

    if (stalling) it('counts in the store again from the first request after it resumes', async () => {
      const { stalled, prefix, allowedInTheStore } = await throughAStall(async (store, prefix) => {
        expect((await store.consume(`${prefix}during`, 60_000, 5)).allowed).toBe(true);
      });
      expect((await stalled.consume(`${prefix}first`, 60_000, 3)).allowed).toBe(true);
      // Counted in the store, not by the fallback: the other store has 2 left of 3.
      expect(await allowedInTheStore(`${prefix}first`, 3)).toBe(2);
    });
  });
}
