import { describe, expect, it, vi } from 'vitest';
import type { TextProvider } from '../src/providers/types';
import { ANSWER_ALLOWANCE, estimateTokens } from './callCharge';
import { call, gateway, stubProvider } from './testing/gatewayStubs';

/*
 * What a call is charged, through the gateway's fetch handler: a budget
 * cannot be skipped by leaving early (a whole answer aborted, a stream
 * cancelled after its last delta, before the provider's count came), nor by
 * sending many calls at once; /metrics shows the very figures the budgets
 * were charged. The same across gateways sharing a real Redis is in
 * sharedBudgets.test.ts.
 */

const METRICS_KEY = 'metrics-secret-0123456789';
const ALLOWANCE = /^This school's daily AI allowance is used up; it resets at 00:00 UTC \(in \d+ (hours?|minutes?)\)\.$/;
/** A 240 KB prompt, as the attack sent: under the 256 KB body limit. */
const BIG_PROMPT = 'Summarise these notes. '.repeat(10_700);

/** The tokens /metrics shows, in and out, summed over every label (each test has a gateway of its own). */
async function tokensMetered(app: ReturnType<typeof gateway>): Promise<{ in: number; out: number }> {
  const response = await app.fetch(new Request('http://gateway.test/metrics', { headers: { Authorization: `Bearer ${METRICS_KEY}` } }));
  const text = await response.text();
  const value = (direction: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('studyforge_tokens_total{') && line.includes(`direction="${direction}"`))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  return { in: value('in'), out: value('out') };
}

async function expectRefused(app: ReturnType<typeof gateway>): Promise<void> {
  const refused = await app.fetch(call({ contents: 'One more question.', tool: 'quiz' }));
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await refused.json()) as { error: string }).error).toMatch(ALLOWANCE);
}

describe('a caller who leaves early', () => {
  it('is charged at least the prompt when it aborts a whole answer, and the next call over the cap is refused', async () => {
    const provider = stubProvider({ hang: true });
    const app = gateway(provider, { STUDYFORGE_BUDGET_DAILY_TOKENS: '1000', STUDYFORGE_METRICS_KEY: METRICS_KEY });
    expect(BIG_PROMPT.length).toBeGreaterThan(240_000);
    const leaving = new AbortController();
    const answer = app.fetch(call({ contents: BIG_PROMPT, tool: 'smart-notes' }, { signal: leaving.signal }));
    await vi.waitFor(() => expect(provider.requests).toHaveLength(1));
    leaving.abort();
    expect((await answer).status).toBe(499);

    // No count came from the provider: the prompt's estimate and the answer's allowance stay charged.
    const charged = await tokensMetered(app);
    expect(charged.in).toBe(estimateTokens(BIG_PROMPT.length));
    expect(charged.out).toBe(ANSWER_ALLOWANCE);
    await expectRefused(app);
    expect(provider.requests).toHaveLength(1);
  });

  it('is charged at least its reservation when it cancels a stream after the last delta, before the provider’s count', async () => {
    const deltas = ['Plants make ', 'sugar from light.'];
    // The provider would report 20,500 tokens once the stream ends; the caller leaves before that.
    const provider = stubProvider({ deltas, hang: true, usage: { inputTokens: 500, outputTokens: 20_000 } });
    const app = gateway(provider, { STUDYFORGE_BUDGET_DAILY_TOKENS: '1000', STUDYFORGE_METRICS_KEY: METRICS_KEY });
    const prompt = 'Explain photosynthesis in two sentences.';
    const response = await app.fetch(call({ contents: prompt, tool: 'smart-notes' }, { accept: 'text/event-stream' }));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    while (!received.includes('sugar from light.')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before its last delta');
      received += new TextDecoder().decode(value);
    }
    await reader.cancel();

    await vi.waitFor(async () => expect((await tokensMetered(app)).out).toBeGreaterThan(0));
    const charged = await tokensMetered(app);
    expect(charged.in).toBe(estimateTokens(prompt.length));
    // Never less than what was streamed, nor than the allowance reserved for it.
    expect(charged.out).toBe(Math.max(ANSWER_ALLOWANCE, estimateTokens(deltas.join('').length)));
    await expectRefused(app);
  });
});

describe('many calls at once', () => {
  it('let exactly one of 30 through a cap that one of them fills, and charge it what the provider counted', async () => {
    const stub = stubProvider({ answer: 'Notes.', usage: { inputTokens: 500, outputTokens: 500 } });
    // The provider takes a moment, so all 30 are in flight together.
    const provider: TextProvider = { ...stub, generate: async (request) => (await new Promise((resolve) => setTimeout(resolve, 50)), stub.generate(request)) };
    const app = gateway(provider, { STUDYFORGE_BUDGET_DAILY_TOKENS: '1000', STUDYFORGE_RATE_LIMIT: '1000', STUDYFORGE_METRICS_KEY: METRICS_KEY });
    const responses = await Promise.all(Array.from({ length: 30 }, () => app.fetch(call({ contents: 'Make a quiz on fractions.', tool: 'quiz' }))));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(29);
    for (const refused of responses.filter((response) => response.status === 429)) expect(((await refused.json()) as { error: string }).error).toMatch(ALLOWANCE);
    expect(stub.requests).toHaveLength(1);
    expect(await tokensMetered(app)).toEqual({ in: 500, out: 500 });
    await expectRefused(app);
  });
});
