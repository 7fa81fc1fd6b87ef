import { once } from 'node:events';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { UPSTREAM_DETAIL_VARIABLE } from './gatewayLog';
import { startGateway, type GatewayProcess } from './testing/gateway';
import type { GroupProcess } from './testing/processGroup';

/*
 * Student data stays in the school: the gateway logs no prompt,
 * no answer and no personal data by default. The real gateway (server/node.ts
 * in its own process group) is sent a teacher's report about a named student
 * through a strict fake OpenAI-compatible provider: answered whole and
 * streamed, refused by a provider that quotes the prompt back (as
 * OpenAI-compatible servers and Ollama do), and rejected by the gateway
 * itself. Then everything the process wrote to stdout and stderr is read, and
 * none of the student's name, the prompt's sentences or the answer's may be in
 * it, while the lines that should be there are. A second gateway, with
 * STUDYFORGE_LOG_UPSTREAM_DETAIL=1, shows the provider's words do reach the
 * log when asked for, keys redacted.
 */

const PUBLIC_KEY = 'anon-logs-key';
const PROVIDER_KEY = 'sk-logs-provider-0123456789abcdef';
const MODEL = 'test-model';

const NAME = 'Zanele Okonkwo-Brennan';
const PROMPT_SENTENCES = ['reads aloud with expression', 'still unsure of long division since the move from Bulawayo', 'asks to sit near the window'];
const PROMPT = `Report for ${NAME}: ${PROMPT_SENTENCES.join('; ')}.`;
const ANSWER_SENTENCES = ['quokka-bright prosody in every paragraph', 'celebrates fluency with the heliotrope reading group'];
const ANSWER = `${ANSWER_SENTENCES[0]}; she ${ANSWER_SENTENCES[1]}.`;

/** What must never be in the default logs, matched without regard to case. */
const CONTENT = ['Zanele', 'Okonkwo', 'Brennan', ...PROMPT_SENTENCES, 'Bulawayo', ...ANSWER_SENTENCES, 'quokka', 'heliotrope'];

/** An error body quoting the prompt back, as OpenAI-compatible servers and Ollama do, with a key echoed early on. */
const ECHOING_ERROR = `Invalid 'messages[0].content' (key ${PROVIDER_KEY}): could not process "${PROMPT}"`;

const structured = {
  contents: PROMPT,
  config: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { summary: { type: 'STRING' } }, required: ['summary'] } },
};

let workDir = '';
let fake: FakeProviderServer;

async function startWith(env: Record<string, string>): Promise<GatewayProcess> {
  return startGateway({
    staticDir: path.join(workDir, 'dist'),
    env: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: PROVIDER_KEY, OPENAI_MODEL: MODEL, STUDYFORGE_PUBLIC_KEY: PUBLIC_KEY, ...env },
  });
}

function post(gateway: GatewayProcess, body: string, init: { stream?: boolean } = {}): Promise<Response> {
  return fetch(`${gateway.base}/functions/v1/gemini`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${PUBLIC_KEY}`, ...(init.stream ? { Accept: 'text/event-stream' } : {}) },
    body,
  });
}

async function streamEvents(response: Response): Promise<{ event: string; data: string }[]> {
  const events: { event: string; data: string }[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event ?? 'message', data: e.data }) });
  parser.feed(await response.text());
  return events;
}

/** The streamed answer's text, and how the stream ended. */
async function streamedAnswer(response: Response): Promise<{ text: string; last: string | undefined }> {
  const events = await streamEvents(response);
  const text = events
    .filter((e) => e.event === 'delta')
    .map((e) => (JSON.parse(e.data) as { text: string }).text)
    .join('');
  return { text, last: events.at(-1)?.event };
}

/** The ends of a pipe that has not ended yet. */
function stillOpen(stream: Readable | null): stream is Readable {
  return stream !== null && !stream.readableEnded && !stream.destroyed;
}

/**
 * Stops the gateway's process group and waits for both pipes to end, so the
 * output read is all it ever wrote, not what had arrived so far.
 */
async function everythingWritten(proc: GroupProcess): Promise<string> {
  const pipes = [proc.child.stdout, proc.child.stderr].filter(stillOpen);
  const ended = pipes.map((pipe) => once(pipe, 'close'));
  await proc.stop();
  await Promise.all(ended);
  return proc.output();
}

function expectNoContent(log: string): void {
  const lower = log.toLowerCase();
  for (const text of CONTENT) expect(lower, `the log holds "${text}"`).not.toContain(text.toLowerCase());
  expect(log).not.toContain(PROVIDER_KEY);
}

/** The chat requests the fake received, each checked against OpenAI's published API: none may depart from it. */
function expectWellFormedChats(): void {
  const chats = fake.exchanges.filter((e) => e.path === '/v1/chat/completions');
  expect(chats.length).toBeGreaterThan(0);
  for (const exchange of chats) expect(exchange.problems).toEqual([]);
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-logs-'));
  await mkdir(path.join(workDir, 'dist'), { recursive: true });
  // Dated in 2100, so server/node.ts serves it as the build instead of building, even while someone edits the sources.
  const index = path.join(workDir, 'dist', 'index.html');
  await writeFile(index, '<!doctype html><html><head><title>StudyForge</title></head><body></body></html>');
  const future = new Date('2100-01-01T00:00:00Z');
  await utimes(index, future, future);
  fake = await startFakeOpenAI({ apiKey: PROVIDER_KEY, model: MODEL, chunkDelayMs: 2 });
}, 60_000);

afterAll(async () => {
  await fake?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('by default, the gateway\'s logs hold no request or answer content', () => {
  let gateway: GatewayProcess;
  beforeAll(async () => {
    fake.reset();
    gateway = await startWith({});
  }, 60_000);
  afterAll(() => gateway?.proc.stop());

  it('(a) a structured request is answered with the provider\'s answer', async () => {
    fake.script({ kind: 'text', text: JSON.stringify({ summary: ANSWER }) });
    const response = await post(gateway, JSON.stringify(structured));
    expect(response.status).toBe(200);
    expect(JSON.parse(((await response.json()) as { text: string }).text)).toEqual({ summary: ANSWER });
    // The prompt went through the gateway process: its absence from the log below is not for want of passing through.
    expect(fake.exchanges.at(-1)?.body).toContain(NAME);
  });

  it('(b) a streamed request is answered piece by piece', async () => {
    fake.script({ kind: 'text', text: ANSWER });
    const { text, last } = await streamedAnswer(await post(gateway, JSON.stringify({ contents: PROMPT }), { stream: true }));
    expect(text).toBe(ANSWER);
    expect(last).toBe('done');
  });

  it('(c) a provider that quotes the prompt back in its error, whole, streamed and as a refusal, is answered without it', async () => {
    fake.script({ kind: 'error', status: 400, message: ECHOING_ERROR });
    const whole = await post(gateway, JSON.stringify(structured));
    expect(whole.status).toBe(502);
    expect(await whole.text()).not.toContain('Zanele');

    fake.script({ kind: 'streamError', chunks: [`${ANSWER_SENTENCES[0]} `], message: ECHOING_ERROR });
    const streamed = await streamedAnswer(await post(gateway, JSON.stringify({ contents: PROMPT }), { stream: true }));
    expect(streamed.last).toBe('error');

    fake.script({ kind: 'openai', refusal: `I will not write about ${NAME}, who ${PROMPT_SENTENCES[0]}.` });
    expect((await post(gateway, JSON.stringify(structured))).status).toBe(502);
    expectWellFormedChats();
  });

  it('(d) requests the gateway rejects (too large, not JSON, the wrong shape) are refused', async () => {
    const tooLarge = JSON.stringify({ contents: `${PROMPT} `.repeat(Math.ceil((300 * 1024) / PROMPT.length)) });
    expect((await post(gateway, tooLarge)).status).toBe(413);
    expect((await post(gateway, `{"contents": "${PROMPT}`)).status).toBe(400);
    expect((await post(gateway, JSON.stringify({ contents: { student: NAME, notes: PROMPT_SENTENCES } }))).status).toBe(400);
  });

  it('everything the process wrote holds the expected lines, and none of the prompt, the name or the answer', async () => {
    const log = await everythingWritten(gateway.proc);
    // Lines that prove the output was captured, and what an operator gets instead of content.
    expect(log).toContain(`[studyforge] http://127.0.0.1:${gateway.port}/  (models: openai-compatible (${MODEL} at`);
    // The fake serves GET /v1/models as the real servers do, so the start-up check finds the model.
    expect(log).toContain(`[studyforge] model check: the provider serves "${MODEL}"`);
    const withheld = `(the provider's own words are not logged; ${UPSTREAM_DETAIL_VARIABLE}=1 logs them)`;
    expect(log).toContain(`[gateway] provider failure: 502 refused (upstream status 400) ${withheld}`);
    expect(log).toContain(`[gateway] provider failure: 502 failedWhileAnswering ${withheld}`);
    expect(log).toContain(`[gateway] provider failure: 502 declined ${withheld}`);
    expect(log).not.toContain('upstream said');
    expectNoContent(log);
  });
});

describe(`with ${UPSTREAM_DETAIL_VARIABLE}=1, the provider's words are logged, redacted and cut short`, () => {
  let gateway: GatewayProcess;
  beforeAll(async () => {
    fake.reset();
    gateway = await startWith({ [UPSTREAM_DETAIL_VARIABLE]: '1' });
  }, 60_000);
  afterAll(() => gateway?.proc.stop());

  it('logs what the provider said about a failed request, and still no answer', async () => {
    fake.script({ kind: 'text', text: JSON.stringify({ summary: ANSWER }) });
    expect((await post(gateway, JSON.stringify(structured))).status).toBe(200);
    // Long enough that the logged line must be cut.
    fake.script({ kind: 'error', status: 400, message: `${ECHOING_ERROR} ${'and more of the input '.repeat(40)}` });
    const response = await post(gateway, JSON.stringify(structured));
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain('Zanele'); // the caller never gets the provider's words
    expectWellFormedChats();

    const log = await everythingWritten(gateway.proc);
    const line = log.split('\n').find((l) => l.startsWith('[gateway] provider failure: 502 refused (upstream status 400) | upstream said: '));
    expect(line, log).toBeDefined();
    const detail = line?.split(' | upstream said: ')[1] ?? '';
    expect(detail).toContain(`could not process "Report for ${NAME}`);
    expect(detail).toContain('(key [redacted])');
    expect(detail.endsWith('…')).toBe(true);
    expect(detail.length).toBeLessThanOrEqual(300);
    expect(log).not.toContain(PROVIDER_KEY);
    // The opt-in is about failures: a successful answer is still not logged.
    for (const text of ANSWER_SENTENCES) expect(log).not.toContain(text);
  });
});
