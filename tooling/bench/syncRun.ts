import { performance } from 'node:perf_hooks';
import { createClock } from '../../src/kernel/sync/hlc';
import type { SyncItem } from '../../src/kernel/sync/syncItem';
import { openEvents, pull, push, type Session } from './syncDevice';

/*
 * One sync load run: many users, each with two devices. Device A pushes a
 * change; device B, listening on the live event stream (on the other gateway
 * when there are two), waits for the `changed` event and pulls until the
 * change is there. That is one round trip, timed from the push's start to the
 * pull that returns the item: what a person sees as "my other device caught
 * up". Each user makes their changes one after another (a person edits one
 * thing at a time); `concurrency` users are in flight at once.
 */

export interface SyncLoad {
  sessions: readonly Session[];
  /** Gateway base URLs; a user pushes to one and listens on the next, so with two every change crosses instances. */
  gateways: readonly string[];
  changesPerUser: number;
  concurrency: number;
  /** No change starts after this (ms since the epoch): the bench stays bounded on a slow machine, and says how far it got. */
  deadline: number;
}

export interface SyncLoadResult {
  /** Users who started; at the deadline the last ones stop part-way. */
  users: number;
  changes: number;
  /** Round trips that failed (an error, or no answer within DEVICE_TIMEOUT_MS); a user stops at their first. */
  failures: number;
  firstFailure?: string;
  seconds: number;
  /** Push start to the pull that returned the change, ms, sorted. */
  roundTrips: Float64Array;
  /** Push start to its reply, ms, sorted. */
  pushes: Float64Array;
  /** Push start to the other device's `changed` event, ms, sorted. */
  events: Float64Array;
}

/** A user works on a few projects: the first changes create them, the rest rename them, so pushes both insert and merge. */
const PROJECTS_PER_USER = 5;

function projectChange(clock: ReturnType<typeof createClock>, index: number): { item: SyncItem; name: string } {
  const id = `bench-project-${index % PROJECTS_PER_USER}`;
  const name = `Revision notes, draft ${index + 1}`;
  const now = new Date().toISOString();
  const stamp = clock.tick();
  const f: SyncItem['f'] = { name: { v: name, t: stamp }, updatedAt: { v: now, t: stamp } };
  if (index < PROJECTS_PER_USER) Object.assign(f, { id: { v: id, t: stamp }, createdAt: { v: now, t: stamp } });
  return { item: { c: 'project', id, f }, name };
}

const sorted = (values: number[]) => Float64Array.from(values).sort();

export async function runSyncLoad(load: SyncLoad): Promise<SyncLoadResult> {
  const roundTrips: number[] = [];
  const pushes: number[] = [];
  const events: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  let users = 0;
  let next = 0;

  async function oneUser(index: number, session: Session): Promise<void> {
    const gateways = load.gateways;
    const pushTo = gateways[index % gateways.length] as string;
    const listenOn = gateways[(index + 1) % gateways.length] as string;
    const clock = createClock(`bench_${index}`);
    let done = 0;
    const stream = await openEvents(listenOn, session);
    try {
      let since = 0;
      for (; done < load.changesPerUser && Date.now() < load.deadline; done += 1) {
        const { item, name } = projectChange(clock, done);
        const started = performance.now();
        const reply = await push(pushTo, session, [item]);
        pushes.push(performance.now() - started);
        await stream.changedAtLeast(reply.seq);
        events.push(performance.now() - started);
        for (let found = false; !found; ) {
          const page = await pull(listenOn, session, since);
          since = page.seq;
          found = page.items.some((pulled) => pulled.c === 'project' && pulled.id === item.id && pulled.f.name?.v === name);
          if (!found && !page.more) throw new Error(`the pull after seq ${reply.seq} does not hold ${item.id} as pushed`);
        }
        roundTrips.push(performance.now() - started);
      }
    } catch (error) {
      // The user stops at a failed round trip (their devices no longer agree on where they are): one failure.
      failures += 1;
      firstFailure ??= error instanceof Error ? error.message : String(error);
    } finally {
      stream.close();
    }
  }

  async function worker(): Promise<void> {
    while (next < load.sessions.length && Date.now() < load.deadline) {
      const index = next++;
      users += 1;
      try {
        await oneUser(index, load.sessions[index] as Session);
      } catch (error) {
        // The stream did not open: the user's first round trip failed.
        failures += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: load.concurrency }, () => worker()));
  const seconds = (performance.now() - started) / 1000;
  return { users, changes: roundTrips.length, failures, firstFailure, seconds, roundTrips: sorted(roundTrips), pushes: sorted(pushes), events: sorted(events) };
}
