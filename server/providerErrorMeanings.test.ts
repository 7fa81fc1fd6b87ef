import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContractBackend } from '../src/kernel/backend/contractClient';
import { messages } from '../src/kernel/messages';
import { runTool } from '../src/kernel/runTool';
import { startFakeGemini, startFakeOpenAI, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { geminiQuotaAnswer } from '../src/providers/testing/fakes/geminiQuota';
import { insufficientQuotaAnswer, jsonValidateFailedAnswer, rateLimitedAnswer } from '../src/providers/testing/fakes/openaiRequest';
import { startGateway, writeTinyBuild, type GatewayProcess } from './testing/gateway';
import { summaryTool } from '../src/kernel/testing/summaryTool';

/*
 * Provider errors judged by what each provider documents they mean, through
 * the real gateway (server/node.ts in its own process) in front of strict
 * fakes, and for the corrective retry through the app's own contract client
 * and runTool:
 * - Groq's 400 json_validate_failed is an unusable answer: the app asks once
 *   more, then shows the invalid-format message; never "refused (status 400)".
 * - A used-up account (OpenAI's 429 insufficient_quota, Gemini's per-day
 *   quota) is told to the user as such, with no retry hint, and to the
 *   operator as a billing matter; a passing rate limit keeps its delay, read
 *   from retry-after-ms first.
 * - A schema nested past what providers accept is refused with 400 naming
 *   the limit, before any provider is asked.
 */

const PUBLIC_KEY = 'anon-meanings-key';
const PROVIDER_KEY = 'sk-meanings-provider-0123456789';
const MODEL = 'meanings-model';
const GEMINI_KEY = 'gemini-meanings-key';
const GEMINI_MODEL = 'gemini-meanings-model';

/** What the model wrote that failed Groq's JSON check: the student's material, which must not leave the gateway. */
const FAILED_GENERATION = '{"summary": "Photosynthesis in Ms Adeyemi\'s class';

let workDir = '';
let openai: FakeProviderServer;
let gemini: FakeProviderServer;
let openaiGateway: GatewayProcess;
let geminiGateway: GatewayProcess;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-meanings-'));
  const staticDir = path.join(workDir, 'dist');
  await writeTinyBuild(staticDir);
  openai = await startFakeOpenAI({ apiKey: PROVIDER_KEY, model: MODEL, chunkDelayMs: 2 });
  gemini = await startFakeGemini({ apiKey: GEMINI_KEY, model: GEMINI_MODEL, chunkDelayMs: 2 });
  const common = { STUDYFORGE_PUBLIC_KEY: PUBLIC_KEY, STUDYFORGE_RATE_LIMIT: '1000000' };
  [openaiGateway, geminiGateway] = await Promise.all([
    startGateway({ staticDir, env: { ...common, OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: PROVIDER_KEY, OPENAI_MODEL: MODEL } }),
    startGateway({ staticDir, env: { ...common, GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: gemini.origin, GEMINI_MODEL: GEMINI_MODEL } }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([openaiGateway?.proc.stop(), geminiGateway?.proc.stop()]);
  await Promise.all([openai?.close(), gemini?.close()]);
  await rm(workDir, { recursive: true, force: true });
});

beforeEach(() => {
  openai.reset();
  gemini.reset();
});

const summarySchema = { type: 'OBJECT', properties: { summary: { type: 'STRING' } }, required: ['summary'] };

function post(gateway: GatewayProcess, body: unknown, stream = false): Promise<Response> {
  return fetch(`${gateway.base}/functions/v1/gemini`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${PUBLIC_KEY}`, ...(stream ? { Accept: 'text/event-stream' } : {}) },
    body: JSON.stringify(body),
  });
}

const structured = (responseSchema: unknown = summarySchema) => ({ contents: 'Summarise photosynthesis.', config: { responseMimeType: 'application/json', responseSchema } });

async function errorEvent(response: Response): Promise<Record<string, unknown>> {
  const events: { event?: string; data: string }[] = [];
  createParser({ onEvent: (e) => events.push(e) }).feed(await response.text());
  const error = events.find((e) => e.event === 'error');
  expect(error, 'the stream ends with an error event').toBeDefined();
  return JSON.parse(error?.data ?? '{}') as Record<string, unknown>;
}


const appBackend = () => createContractBackend({ backendUrl: openaiGateway.base, publicKey: PUBLIC_KEY, tool: 'test-summary' });

describe("Groq's json_validate_failed is an unusable answer, not a refusal", () => {
  it('answers 502 with code invalid_answer, whole and streamed, and keeps the failed text and the word "refused" out', async () => {
    openai.script(jsonValidateFailedAnswer(FAILED_GENERATION));
    const whole = await post(openaiGateway, structured());
    expect(whole.status).toBe(502);
    const body = (await whole.json()) as { error: string; code?: string };
    expect(body.code).toBe('invalid_answer');
    expect(body.error).not.toMatch(/refused/);
    expect(JSON.stringify(body)).not.toContain('Adeyemi');

    const streamed = await errorEvent(await post(openaiGateway, structured(), true));
    expect(streamed.code).toBe('invalid_answer');
    expect(JSON.stringify(streamed)).not.toContain('Adeyemi');
  });

  it('gets the one corrective retry in the app, which then shows the answer', async () => {
    openai.script(jsonValidateFailedAnswer(FAILED_GENERATION), { kind: 'text', text: '{"summary": "Plants make sugar from light."}' });
    const result = await runTool(summaryTool, { topic: 'photosynthesis' }, appBackend(), { onText: () => undefined });
    expect(result).toEqual({ kind: 'json', data: { summary: 'Plants make sugar from light.' } });
    const prompts = openai.exchanges.map((e) => JSON.stringify(e.json));
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toContain('could not be used because it was not valid JSON fitting the required structure');
  });

  it('is retried once only: a second failure shows the invalid-format message', async () => {
    openai.script(jsonValidateFailedAnswer(FAILED_GENERATION));
    await expect(runTool(summaryTool, { topic: 'photosynthesis' }, appBackend(), { onText: () => undefined })).rejects.toThrow(messages.invalidFormat);
    expect(openai.exchanges).toHaveLength(2);
  });
});

describe('a used-up provider account is not a passing rate limit', () => {
  it("OpenAI's 429 insufficient_quota: 502, no Retry-After, the school message, and a log line naming billing", async () => {
    openai.script(insufficientQuotaAnswer('20000'));
    const before = openaiGateway.proc.output().length;
    const whole = await post(openaiGateway, structured());
    expect(whole.status).toBe(502);
    expect(whole.headers.get('retry-after')).toBeNull();
    expect(((await whole.json()) as { error: string }).error).toBe(messages.outOfCredit);

    const streamed = await errorEvent(await post(openaiGateway, structured(), true));
    expect(streamed.error).toBe(messages.outOfCredit);
    expect(openaiGateway.proc.output().slice(before)).toMatch(/run out of credit.*billing/);
  });

  it('the app shows the school message as it is', async () => {
    openai.script(insufficientQuotaAnswer());
    await expect(runTool(summaryTool, { topic: 'photosynthesis' }, appBackend(), { onText: () => undefined })).rejects.toThrow(messages.outOfCredit);
    expect(openai.exchanges).toHaveLength(1);
  });

  it("Gemini's per-day quota is a used-up account; its per-minute quota stays a rate limit with its delay", async () => {
    gemini.script(geminiQuotaAnswer('PerDay'));
    const daily = await post(geminiGateway, structured());
    expect(daily.status).toBe(502);
    expect(daily.headers.get('retry-after')).toBeNull();
    expect(((await daily.json()) as { error: string }).error).toBe(messages.outOfCredit);

    gemini.script(geminiQuotaAnswer('PerMinute', '22s'));
    const perMinute = await post(geminiGateway, structured());
    expect(perMinute.status).toBe(429);
    expect(perMinute.headers.get('retry-after')).toBe('22');
  });

  it('a passing rate limit passes on retry-after-ms before retry-after, in whole seconds', async () => {
    openai.script(rateLimitedAnswer('1500', '30'));
    const response = await post(openaiGateway, structured());
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
  });
});

describe('caller schemas are held to the strictest limits providers document', () => {
  /** `levels` objects, each the only property of the one above. */
  function nestedObjects(levels: number): Record<string, unknown> {
    let schema: Record<string, unknown> = { type: 'STRING' };
    for (let i = 1; i < levels; i++) schema = { type: 'OBJECT', properties: { inner: schema }, required: ['inner'] };
    return schema;
  }

  it('refuses 11 levels of nesting with 400 naming the limit, before any provider is asked; 10 levels reach it', async () => {
    openai.script({ kind: 'text', text: '{"inner": {}}' });
    const deep = await post(openaiGateway, structured(nestedObjects(11)));
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { error: string }).error).toMatch(/nests more than 10 levels.*providers accept at most 10/);
    expect(openai.exchanges).toHaveLength(0);

    await post(openaiGateway, structured(nestedObjects(10)));
    expect(openai.exchanges).toHaveLength(1);
  });

  it('refuses more than 1000 enum values across the schema with 400 naming the limit', async () => {
    const properties = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, { type: 'STRING', enum: Array.from({ length: 100 }, (_, j) => `v${j}`) }]));
    const response = await post(openaiGateway, structured({ type: 'OBJECT', properties }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/more than 1000 enum values in all; providers accept at most 1000/);
    expect(openai.exchanges).toHaveLength(0);
  });
});
