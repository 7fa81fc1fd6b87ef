import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeOpenAI, type FakeAnswer, type FakeProviderServer } from '../../src/providers/testing/fakeProviders';
import { startGateway as startGatewayProcess, writeTinyBuild } from './gateway';
import type { GroupProcess } from './processGroup';

/*
 * The attack suite's gateways and requests (server/attack.test.ts and
 * server/attackHoles.test.ts). Two gateways: SAMPLE, as `npm start` runs with
 * no provider configured (the default a school tries first), and PROVIDER,
 * behind one trusted proxy, with a fake OpenAI-compatible provider, a public
 * key, a small rate limit and short upstream clocks.
 */

export const PUBLIC_KEY = 'anon-attack-key';
export const PROVIDER_KEY = 'sk-attack-provider-0123456789';
export const ALLOWED_ORIGIN = 'https://school.example';
export const INTERNALS = ['postgres://admin:hunter2@db.internal.school:5432/prod', '/srv/studyforge/config/secrets.yaml', 'db.internal.school', 'hunter2'];

export interface Gateway {
  base: string;
  proc: GroupProcess;
  /** Resident memory of the gateway process, in MB (the child is node itself, not a wrapper). */
  rssMb(): Promise<number>;
}

let workDir = '';
let staticDir = '';

export async function startGateway(env: Record<string, string>): Promise<Gateway> {
  const gateway = await startGatewayProcess({ staticDir, env });
  return {
    base: gateway.base,
    proc: gateway.proc,
    rssMb: async () => {
      const bytes = gateway.rssBytes();
      return bytes === null ? Number.NaN : Math.round(bytes / 1024 / 1024);
    },
  };
}

export let sample: Gateway;
export let provider: Gateway;
export let fake: FakeProviderServer;

/** Starts the two gateways and the fake provider before the calling file's tests, and stops them after. */
export function useAttackGateways(): void {
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-attack-'));
    staticDir = path.join(workDir, 'dist');
    await mkdir(path.join(staticDir, '.git'), { recursive: true });
    await writeTinyBuild(staticDir);
    await writeFile(path.join(staticDir, '.env'), 'OPENAI_API_KEY=sk-left-in-dist');
    await writeFile(path.join(staticDir, '.git', 'config'), '[remote "origin"] url = https://token@git.internal');
    await writeFile(path.join(workDir, 'outside.txt'), 'outside the static folder');

    fake = await startFakeOpenAI({ apiKey: PROVIDER_KEY, model: 'test-model', chunkDelayMs: 5 });
    [sample, provider] = await Promise.all([
      startGateway({ STUDYFORGE_RATE_LIMIT: '1000000' }),
      startGateway({
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: PROVIDER_KEY,
        OPENAI_MODEL: 'test-model',
        TRANSCRIBE_MODEL: 'test-model',
        STUDYFORGE_PUBLIC_KEY: PUBLIC_KEY,
        STUDYFORGE_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
        STUDYFORGE_TRUSTED_HOPS: '1',
        STUDYFORGE_RATE_LIMIT: '1000000',
        STUDYFORGE_UPSTREAM_TIMEOUT_MS: '1500',
        STUDYFORGE_MAX_ANSWER_BYTES: String(1024 * 1024),
        STUDYFORGE_MAX_AUDIO_UPLOADS: '4',
      }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([sample?.proc.stop(), provider?.proc.stop()]);
    await fake?.close();
    await rm(workDir, { recursive: true, force: true });
});
}

/* ---- requests ---- */

export interface CallInit {
  body?: unknown;
  raw?: string | Blob | FormData;
  headers?: Record<string, string>;
  method?: string;
  path?: string;
  stream?: boolean;
  signal?: AbortSignal;
}

export function call(gateway: Gateway, init: CallInit = {}): Promise<Response> {
  const headers: Record<string, string> = {
    ...(init.raw === undefined || typeof init.raw === 'string' ? { 'Content-Type': 'application/json' } : {}),
    ...(gateway === provider ? { Authorization: `Bearer ${PUBLIC_KEY}` } : {}),
    ...(init.stream ? { Accept: 'text/event-stream' } : {}),
    ...init.headers,
  };
  const method = init.method ?? 'POST';
  return fetch(`${gateway.base}${init.path ?? '/functions/v1/gemini'}`, {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: init.raw ?? JSON.stringify(init.body ?? { contents: 'Explain photosynthesis.' }) }),
    signal: init.signal,
  });
}

export const normal = { contents: 'Explain photosynthesis.', config: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { summary: { type: 'STRING' } }, required: ['summary'] } } };

export function arrayOf(items: unknown, minItems: number): Record<string, unknown> {
  return { type: 'ARRAY', minItems, items };
}

/** `levels` arrays nested in each other, each asking for `minItems` items. */
export function nestedArrays(levels: number, minItems: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'STRING' };
  for (let i = 0; i < levels; i++) schema = arrayOf(schema, minItems);
  return schema;
}

/** A request whose schema nests `levels` arrays, written as text: JSON.stringify itself would overflow the stack. */
export function deepSchemaBody(levels: number): string {
  const open = '{"type":"ARRAY","minItems":1,"items":'.repeat(levels);
  return `{"contents":"x","config":{"responseMimeType":"application/json","responseSchema":${open}{"type":"STRING"}${'}'.repeat(levels)}}}`;
}

export function withSchema(responseSchema: unknown) {
  return { contents: 'x', config: { responseMimeType: 'application/json', responseSchema } };
}

export async function streamEvents(response: Response): Promise<{ event: string; data: string }[]> {
  const events: { event: string; data: string }[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event ?? 'message', data: e.data }) });
  parser.feed(await response.text());
  return events;
}

/** Answers the normal request: the gateway is alive and serving. */
export async function stillServes(gateway: Gateway): Promise<void> {
  const response = await call(gateway, { body: normal });
  expect(response.status).toBe(200);
}

export function fakeScript(...answers: FakeAnswer[]) {
  fake.script(...answers);
}

