import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, writeTinyBuild, type GatewayProcess } from './testing/gateway';

/*
 * One request under the body limit must not take a gateway down. The real
 * gateway (`npm start`, sample mode, the public key set as the app ships it)
 * runs under a 768 MB heap, as a small container gives it, and is sent the
 * request that killed it: a 261 KB property name over 200 x 8 strings, which
 * the sample answerer used to copy into each of the 1,600 (a 418 MB answer).
 * Then the costliest schemas the bounds still allow.
 */

const PUBLIC_KEY = 'anon-bomb-key';
const BODY_LIMIT = 256 * 1024;

let workDir = '';
let gateway: GatewayProcess;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-bomb-'));
  const staticDir = path.join(workDir, 'dist');
  await writeTinyBuild(staticDir);
  gateway = await startGateway({ staticDir, env: { STUDYFORGE_PUBLIC_KEY: PUBLIC_KEY }, nodeArgs: ['--max-old-space-size=768'] });
}, 90_000);

afterAll(async () => {
  await gateway?.proc.stop();
  await rm(workDir, { recursive: true, force: true });
});

function post(body: string, stream = false): Promise<Response> {
  return fetch(`${gateway.base}/functions/v1/gemini`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${PUBLIC_KEY}`, ...(stream ? { Accept: 'text/event-stream' } : {}) },
    body,
  });
}

async function stillUp(): Promise<void> {
  const health = await fetch(`${gateway.base}/healthz`);
  expect(health.status).toBe(200);
  const normal = await post(JSON.stringify({ contents: 'x', config: { responseSchema: { type: 'OBJECT', properties: { summary: { type: 'STRING' } } } } }));
  expect(await normal.json()).toEqual({ text: '{"summary":"summary text"}' });
}

/** The attack's request, byte for byte as it was sent. */
const BOMB = `{"contents":"x","config":{"responseSchema":{"type":"OBJECT","properties":{"${'k'.repeat(261_000)}":{"type":"ARRAY","minItems":200,"items":{"type":"ARRAY","minItems":8,"items":{"type":"STRING"}}}}}}}`;

const arrays = (counts: readonly number[], leaf: unknown): unknown =>
  counts.reduceRight((items, minItems) => ({ type: 'ARRAY', minItems, items }), leaf);

describe('a gateway under a 768 MB heap and one request under the body limit', () => {
  it('refuses the 261 KB property-name bomb, plain and streamed, with a 400 naming the limit, and still answers', async () => {
    expect(Buffer.byteLength(BOMB)).toBeLessThan(BODY_LIMIT);
    for (const stream of [false, true]) {
      const response = await post(BOMB, stream);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: string };
      expect(error).toMatch(/a property name is 261000 characters long \("k+…"\); the limit is 100\./);
      expect(error.length).toBeLessThan(300);
      await stillUp();
    }
  }, 60_000);

  it('answers or refuses the costliest schemas the bounds allow (long names, escaped names, long enum values, many properties), and still answers', async () => {
    // Each name's characters are written as \u0001 in JSON: six bytes of answer for one of schema.
    const escaped = '\u0001'.repeat(100);
    const longEnum = { type: 'STRING', enum: Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(200, 'e')) };
    const wide = { type: 'OBJECT', properties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`${i}`.padEnd(100, 'p'), { type: 'STRING' }])) };
    const schemas = [
      { type: 'OBJECT', properties: { [escaped]: arrays([200, 8], { type: 'STRING' }) } },
      { type: 'OBJECT', properties: { ['n'.repeat(100)]: arrays([12, 12, 12], { type: 'STRING' }) } },
      arrays([200, 8], longEnum),
      arrays([19], wide),
    ];
    for (const responseSchema of schemas) {
      const body = JSON.stringify({ contents: 'x', config: { responseSchema } });
      expect(Buffer.byteLength(body)).toBeLessThan(BODY_LIMIT);
      for (const stream of [false, true]) {
        const response = await post(body, stream);
        expect([200, 400]).toContain(response.status);
        const text = await response.text();
        expect(Buffer.byteLength(text)).toBeLessThan(1024 * 1024);
        if (response.status === 400) expect(JSON.parse(text)).toEqual({ error: expect.stringMatching(/Invalid request: .*(values|KB)/) });
      }
    }
    await stillUp();
  }, 60_000);
});
