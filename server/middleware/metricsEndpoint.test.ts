import { describe, expect, it } from 'vitest';
import { REGISTRY_TOOL_IDS } from '../registryToolIds';
import { call, gateway, stubProvider } from '../testing/gatewayStubs';
import { METRICS_ATTEMPTS_PER_MINUTE } from './metricsEndpoint';

/*
 * What a caller can do to /metrics from outside: choose the values of its
 * `tool` label, and guess its key.
 */

const METRICS_KEY = 'metrics-secret-0123456789';

function metricsGet(key: string, from: string): Request {
  return new Request('http://gateway.test/metrics', { headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': from } });
}

const metricsGateway = () =>
  gateway(stubProvider({ answer: 'ok' }), { STUDYFORGE_METRICS_KEY: METRICS_KEY, STUDYFORGE_TRUSTED_HOPS: '1', STUDYFORGE_RATE_LIMIT: '100000' });

describe('the tool label', () => {
  it('is a registry tool id or "other": a name that only looks like an id never becomes a label', async () => {
    const app = metricsGateway();
    const invented = ['essay-planner', 'made-up-tool', 'a', 'x'.repeat(60)];
    for (const tool of ['essay-buddy', 'quiz-whiz', ...invented]) expect((await app.fetch(call({ contents: 'x', tool }))).status).toBe(200);
    const text = await (await app.fetch(metricsGet(METRICS_KEY, '198.51.100.7'))).text();
    const labels = new Set([...text.matchAll(/tool="([^"]*)"/g)].map((m) => m[1]));
    expect([...labels].sort()).toEqual(['essay-buddy', 'other', 'quiz-whiz']);
    for (const label of labels) expect(label === 'other' || REGISTRY_TOOL_IDS.has(label ?? '')).toBe(true);
  });
});

describe('guessing the metrics key', () => {
  it(`is answered 429 with Retry-After past ${METRICS_ATTEMPTS_PER_MINUTE} tries a minute per client, while the key from another address still reads the metrics`, async () => {
    const app = metricsGateway();
    const guesser = '203.0.113.9';
    for (let i = 0; i < METRICS_ATTEMPTS_PER_MINUTE; i += 1) expect((await app.fetch(metricsGet(`guess-${i}`, guesser))).status).toBe(401);
    const refused = await app.fetch(metricsGet('guess-next', guesser));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many attempts at the metrics key/);
    // Past the limit even the right key is refused from that address: a 200 would tell the guesser which guess was right.
    expect((await app.fetch(metricsGet(METRICS_KEY, guesser))).status).toBe(429);
    const monitoring = await app.fetch(metricsGet(METRICS_KEY, '198.51.100.7'));
    expect(monitoring.status).toBe(200);
    expect(await monitoring.text()).toContain('studyforge_requests_total');
  });

  it('spends none of a client\u2019s AI calls', async () => {
    const app = gateway(stubProvider({ answer: 'ok' }), { STUDYFORGE_METRICS_KEY: METRICS_KEY, STUDYFORGE_TRUSTED_HOPS: '1', STUDYFORGE_RATE_LIMIT: '2' });
    for (let i = 0; i < 5; i += 1) await app.fetch(metricsGet(METRICS_KEY, '198.51.100.7'));
    const ask = () => {
      const request = call({ contents: 'x' });
      request.headers.set('X-Forwarded-For', '198.51.100.7');
      return app.fetch(request);
    };
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
  });
});
