import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from './testing/processGroup';

/*
 * The same handler, started the way users start it: `npm start` (Node, with
 * the built app beside it) and `npm run gateway:deno` (Deno, from the npm
 * package `deno`), each against a fake OpenAI-compatible server, called by a
 * client written only from spec section 7.
 */

const root = path.resolve(import.meta.dirname, '..');
const PUBLIC_KEY = 'anon-public-key';

interface Runtime {
  name: string;
  command: string[];
  extraEnv?: Record<string, string>;
}

let provider: FakeProviderServer;
let staticDir = '';

beforeAll(async () => {
  provider = await startFakeOpenAI({ apiKey: 'sk-provider-secret', model: 'test-model', chunkDelayMs: 20 });
  staticDir = await mkdtemp(path.join(tmpdir(), 'studyforge-static-'));
});
afterAll(async () => {
  await provider.close();
  await rm(staticDir, { recursive: true, force: true });
});

const runtimes: Runtime[] = [
  { name: 'Node (npm start)', command: ['npx', 'tsx', 'server/node.ts'] },
  // Fetched by npx from the npm registry on first use: the package's binaries for other platforms are
  // not on every registry mirror, so it cannot be a locked devDependency without breaking `npm ci`.
  {
    name: 'Deno (npm run gateway:deno)',
    command: ['npx', '--yes', 'deno@2.9.6', 'run', '--allow-net', '--allow-env', '--allow-read', '--unstable-sloppy-imports', '--unstable-kv', 'server/deno.ts'],
  },
];

describe.each(runtimes)('the gateway on $name', ({ command }) => {
  let gateway: GroupProcess | undefined;
  let base = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const [program = 'npx', ...args] = command;
    // Its own process group: npx starts node, tsx (or deno) another; stopping the group ends them all.
    gateway = spawnGroup(program, args, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        OPENAI_BASE_URL: provider.baseUrl,
        OPENAI_API_KEY: 'sk-provider-secret',
        OPENAI_MODEL: 'test-model',
        STUDYFORGE_PUBLIC_KEY: PUBLIC_KEY,
        STUDYFORGE_STATIC_DIR: staticDir,
        DENO_NO_UPDATE_CHECK: '1',
      },
    });
    await waitUntilUp(`${base}/healthz`, gateway);
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  const post = (body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${base}/functions/v1/gemini`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${PUBLIC_KEY}`, ...headers },
      body: JSON.stringify(body),
      signal,
    });

  it('answers the spec 7.1 call with {text}, from the provider', async () => {
    provider.script({ kind: 'text', text: '{"summary":"Bees pollinate crops."}' });
    const response = await post({
      contents: 'Summarise: bees',
      config: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { summary: { type: 'STRING' } }, required: ['summary'] } },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: '{"summary":"Bees pollinate crops."}' });
    const exchange = provider.exchanges.at(-1);
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.headers.authorization).toBe('Bearer sk-provider-secret');
  });

  it('answers {error} with a non-OK status, without the provider key', async () => {
    provider.script({ kind: 'error', status: 401, message: 'Incorrect API key provided: sk-provider-secret' });
    const response = await post({ contents: 'x' });
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: string };
    expect(body.error).toMatch(/rejected the API key/);
    expect(JSON.stringify(body)).not.toContain('sk-provider-secret');
  });

  it('streams when asked, and stops the provider when the caller cancels', async () => {
    provider.script({ kind: 'endless', chunk: 'tick ' });
    const caller = new AbortController();
    const response = await post({ contents: 'x' }, { Accept: 'text/event-stream' }, caller.signal);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const deltas: string[] = [];
    const parser = createParser({ onEvent: (e) => e.event === 'delta' && deltas.push(e.data) });
    const reader = response.body!.getReader();
    while (deltas.length < 3) {
      const { value } = await reader.read();
      parser.feed(new TextDecoder().decode(value));
    }
    expect(deltas[0]).toBe('{"text":"tick "}');
    caller.abort();
    await provider.waitForClientClose(provider.exchanges.length - 1, 10_000);
  });

  it('refuses a caller without the public key', async () => {
    const response = await fetch(`${base}/functions/v1/gemini`, { method: 'POST', body: '{"contents":"x"}' });
    expect(response.status).toBe(401);
  });
});
