import { describe, expect, it } from 'vitest';
import { call, gateway, stubProvider } from '../testing/gatewayStubs';

/*
 * Every kind of answer the gateway's handler gives says nosniff: a browser
 * must never take a JSON error echoing a caller's words for a script or a
 * page. Static files of the build (served by `npm start`) are checked against
 * the real process in attackHoles.test.ts.
 */

const METRICS_KEY = 'metrics-secret-0123456789';

function appWith(env: Record<string, string> = {}) {
  return gateway(stubProvider({ answer: 'ok', deltas: ['o', 'k'] }), { STUDYFORGE_METRICS_KEY: METRICS_KEY, STUDYFORGE_ALLOWED_ORIGINS: 'https://school.example', ...env });
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://gateway.test${path}`, { headers });

describe('X-Content-Type-Options: nosniff', () => {
  it.each([
    ['a JSON answer', () => appWith().fetch(call({ contents: 'x' })), 200],
    ['a streamed answer', () => appWith().fetch(call({ contents: 'x' }, { accept: 'text/event-stream' })), 200],
    ['a sample answer', () => gateway(null).fetch(call({ contents: 'x' })), 200],
    ['/healthz', () => appWith().fetch(get('/healthz')), 200],
    ['/metrics', () => appWith().fetch(get('/metrics', { Authorization: `Bearer ${METRICS_KEY}` })), 200],
    ['a CORS preflight', () => appWith().fetch(new Request('http://gateway.test/functions/v1/gemini', { method: 'OPTIONS', headers: { Origin: 'https://school.example', 'Access-Control-Request-Method': 'POST' } })), 204],
    ['a wrong key', () => appWith().fetch(call({ contents: 'x' }, { key: 'wrong' })), 401],
    ['a bad request', () => appWith().fetch(call({ contents: '' })), 400],
    ['a body over the limit', () => appWith({ STUDYFORGE_MAX_TEXT_BYTES: '100' }).fetch(call({ contents: 'x'.repeat(500) })), 413],
    ['an unknown path', () => appWith().fetch(get('/nowhere')), 404],
    ['a wrong method', () => appWith().fetch(get('/functions/v1/gemini')), 405],
    ['a cross-site post', () => appWith().fetch(call({ contents: 'x' }, { origin: 'https://evil.example' })), 403],
    ['the rate limit', async () => {
      const app = appWith({ STUDYFORGE_RATE_LIMIT: '1' });
      await app.fetch(call({ contents: 'x' }));
      return app.fetch(call({ contents: 'x' }));
    }, 429],
  ] as const)('is on %s', async (_kind, answer, status) => {
    const response = await answer();
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.body?.cancel();
  });
});
