import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/*
 * LISTEN/NOTIFY on both databases, so a change on one gateway instance
 * reaches the live streams of every instance sharing the database. Channel
 * names are checked rather than quoted (LISTEN takes an identifier, not a
 * parameter), and payloads are bounded by PostgreSQL's own limit.
 */

export type Unlisten = () => Promise<void>;

export interface Listener {
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;

export function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) {
    throw new Error(`Notification channel "${channel.slice(0, 80)}" is not allowed: use lowercase letters, digits and _ (at most 63), starting with a letter or _.`);
  }
}

export function checkPayload(payload: string): void {
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_NOTIFY_PAYLOAD_BYTES) throw new Error(`Notification payload is ${bytes} bytes; at most ${MAX_NOTIFY_PAYLOAD_BYTES} fit.`);
}

function callSafely(onPayload: (payload: string) => void, payload: string): void {
  try {
    onPayload(payload);
  } catch (error) {
    // One listener's bug must not stop the others hearing the change.
    console.error('A database notification listener failed:', error);
  }
}

/** PGlite delivers notifications itself; LISTEN runs while holding the one connection so it never lands inside a transaction. */
export function pgliteListener(pglite: PGlite, exclusive: <T>(fn: () => Promise<T>) => Promise<T>): Listener {
  return {
    async listen(channel, onPayload) {
      checkChannel(channel);
      const callback = (payload: string) => callSafely(onPayload, payload);
      const unlisten = await exclusive(() => pglite.listen(channel, callback));
      let done = false;
      return async () => {
        if (done || pglite.closed) return;
        done = true;
        await exclusive(() => unlisten());
      };
    },
    async close() {},
  };
}

const RECONNECT_DELAYS_MS = [250, 1_000, 2_000, 5_000, 10_000];

/**
 * PostgreSQL delivers notifications only to the session that ran LISTEN, so
 * one dedicated client (outside the pool: it is never returned) listens for
 * every channel. If it drops (server restart, network), it reconnects with
 * growing delays and listens again; notifications sent meanwhile are lost, so
 * a consumer re-reads state when it matters (a sync pull after a reconnect).
 */
export function postgresListener(clientConfig: pg.ClientConfig): Listener {
  const callbacks = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<pg.Client> | undefined;
  let closed = false;
  let attempt = 0;

  async function connect(): Promise<pg.Client> {
    const fresh = new pg.Client(clientConfig);
    fresh.on('notification', (message) => {
      for (const callback of callbacks.get(message.channel) ?? []) callSafely(callback, message.payload ?? '');
    });
    fresh.on('error', () => dropped(fresh));
    fresh.on('end', () => dropped(fresh));
    await fresh.connect();
    for (const channel of callbacks.keys()) await fresh.query(`listen "${channel}"`);
    attempt = 0;
    return fresh;
  }

  function dropped(gone: pg.Client): void {
    if (closed || !client) return;
    const current = client;
    void current.then(
      (active) => {
        if (active !== gone) return;
        console.error('The PostgreSQL connection for live changes was lost; reconnecting.');
        reconnectLater();
      },
      () => undefined,
    );
  }

  function reconnectLater(): void {
    client = undefined;
    if (closed || callbacks.size === 0) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
    setTimeout(() => {
      if (closed || client) return;
      client = connect();
      client.catch(() => reconnectLater());
    }, delay).unref();
  }

  async function ready(): Promise<pg.Client> {
    if (!client) {
      client = connect();
      client.catch(() => (client = undefined));
    }
    return client;
  }

  return {
    async listen(channel, onPayload) {
      checkChannel(channel);
      if (closed) throw new Error('The database is closed.');
      const listeners = callbacks.get(channel) ?? new Set();
      const isNew = listeners.size === 0;
      listeners.add(onPayload);
      callbacks.set(channel, listeners);
      try {
        const active = await ready();
        if (isNew) await active.query(`listen "${channel}"`);
      } catch (error) {
        listeners.delete(onPayload);
        if (listeners.size === 0) callbacks.delete(channel);
        throw error;
      }
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        listeners.delete(onPayload);
        if (listeners.size > 0 || callbacks.get(channel) !== listeners) return;
        callbacks.delete(channel);
        const active = await client?.catch(() => undefined);
        await active?.query(`unlisten "${channel}"`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      callbacks.clear();
      const active = await client?.catch(() => undefined);
      client = undefined;
      await active?.end().catch(() => undefined);
    },
  };
}
