import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

/*
 * A local stand-in for an Upstash-style Redis REST endpoint, for
 * server/redisRestLimits.test.ts: it speaks the REST protocol and forwards
 * each command to a REAL Redis (server/testing/redis.ts), so the scripts run
 * in Redis itself, not in a model of it.
 *
 * As strict as the protocol's documentation
 * (https://upstash.com/docs/redis/features/restapi), so a client that only
 * works against a lenient fake fails here:
 *   - POST to the base URL, the command as a JSON array body of strings and
 *     numbers (["EVAL", script, numkeys, key..., arg...]); anything else is
 *     400 {"error": "…"};
 *   - `Authorization: Bearer <token>` checked first: missing or wrong is
 *     401 {"error": "Unauthorized"}
 *     (https://upstash.com/docs/devops/developer-api/http_status_codes);
 *   - the reply is 200 {"result": …} (integers as numbers, nil as null,
 *     arrays as arrays); an error Redis answers is 400 {"error": "…"}
 *     with Redis's own message.
 * Only the array form is served, the one the gateway uses; the path form
 * (/set/foo/bar) and ?_token= are not.
 *
 * `delayMs` holds every answer back (a slow store); stop() and start() take
 * it off its port and put it back on the same one (an outage).
 */

export interface RedisRestServer {
  /** The base URL, http://127.0.0.1:<port>/ (loopback: config.ts allows plain http only there). */
  url: string;
  port: number;
  /** Milliseconds every answer is held back; settable while running. */
  delayMs: number;
  /** Each command received with a good token, its name and argument count (no values: scripts are long). */
  commands: { name: string; args: number }[];
  /** Requests refused for their token. */
  unauthorized: number;
  /** Stops listening and drops open connections; the Redis connection stays. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** stop(), and lets go of Redis. */
  close(): Promise<void>;
}

export interface RedisRestServerOptions {
  /** The real Redis commands are forwarded to. */
  redisUrl: string;
  /** The bearer token the endpoint accepts. */
  token: string;
}

function answer(response: ServerResponse, status: number, body: { result: unknown } | { error: string }): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The command in a body, or why it is not one: a non-empty JSON array of strings and numbers, its first a string. */
function commandOf(text: string): (string | number)[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'ERR failed to parse command: body is not JSON';
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return 'ERR failed to parse command: body must be a JSON array';
  const parts: (string | number)[] = [];
  for (const part of parsed as unknown[]) {
    if (typeof part === 'string' || (typeof part === 'number' && Number.isFinite(part))) parts.push(part);
    else return 'ERR failed to parse command: every element must be a string or a number';
  }
  if (typeof parts[0] !== 'string') return 'ERR failed to parse command: the command name must be a string';
  return parts;
}

export async function startRedisRestServer({ redisUrl, token }: RedisRestServerOptions): Promise<RedisRestServer> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
  redis.on('error', () => {});
  const server: Server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) answer(response, 500, { error: 'ERR internal error' });
      else response.destroy();
    });
  });

  const state: RedisRestServer = {
    url: '',
    port: 0,
    delayMs: 0,
    commands: [],
    unauthorized: 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    start: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(state.port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
    async close() {
      await state.stop();
      redis.disconnect();
    },
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // The token first, before anything of the request is looked at, as a real endpoint does.
    if (request.headers.authorization !== `Bearer ${token}`) {
      state.unauthorized += 1;
      await readBody(request);
      return answer(response, 401, { error: 'Unauthorized' });
    }
    if (request.method !== 'POST' || (request.url ?? '/') !== '/') {
      await readBody(request);
      return answer(response, 400, { error: 'ERR only POST to the base URL with a JSON array body is served here' });
    }
    const command = commandOf(await readBody(request));
    if (typeof command === 'string') return answer(response, 400, { error: command });
    const [name, ...args] = command as [string, ...(string | number)[]];
    state.commands.push({ name: name.toUpperCase(), args: args.length });
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    // A client that gave up while held back is gone: nothing to answer (a real server would still run the command; so does this one).
    try {
      const result: unknown = await redis.call(name, ...args);
      if (!response.destroyed) answer(response, 200, { result });
    } catch (error) {
      if (!response.destroyed) answer(response, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}/`;
  return state;
}
