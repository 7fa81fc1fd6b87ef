import { expect } from 'vitest';

/*
 * One client's request to a running gateway and the rate limit's refusal,
 * for the multi-instance tests (sharedLimits.test.ts with Redis,
 * denoKvLimits.test.ts with Deno KV). The client is named by
 * X-Forwarded-For, behind one trusted hop.
 */

export const TOO_MANY = /^Too many requests\. Please wait \d+ seconds and try again\.$/;

function requestFrom(base: string, client: string): Promise<Response> {
  return fetch(`${base}/functions/v1/gemini`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: JSON.stringify({ contents: 'x' }),
    signal: AbortSignal.timeout(5_000),
  });
}

/** Asks once as `client`; the answer's body is read, so the connection is free again. */
export async function ask(g: { base: string }, client: string): Promise<Response> {
  const response = await requestFrom(g.base, client);
  await response.text();
  return response;
}

/** Asks once as `client` and expects the rate limit's 429, with Retry-After and its message. */
export async function expectLimited(g: { base: string }, client: string): Promise<void> {
  const response = await requestFrom(g.base, client);
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(((await response.json()) as { error: string }).error).toMatch(TOO_MANY);
}
