import type { FakeAnswer } from './types';

/*
 * Gemini's 429 RESOURCE_EXHAUSTED, scripted for the fake Gemini server: the
 * body carries a google.rpc.QuotaFailure naming the quota that ran out, and a
 * google.rpc.RetryInfo. The shape is the one quoted in
 * https://github.com/continuedev/continue/issues/11681 (a per-day free-tier
 * quota). Requests per day reset at midnight Pacific time
 * (https://ai.google.dev/gemini-api/docs/rate-limits), so a per-day quota is
 * not a passing rate limit; a per-minute one is.
 */
export function geminiQuotaAnswer(period: 'PerDay' | 'PerMinute', retryDelay = '20s'): FakeAnswer {
  const body = {
    error: {
      code: 429,
      message: 'You exceeded your current quota, please check your plan and billing details.',
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [
            {
              quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
              quotaId: `GenerateRequests${period}PerProjectPerModel-FreeTier`,
              quotaDimensions: { location: 'global', model: 'gemini-fake' },
              quotaValue: '20',
            },
          ],
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay },
      ],
    },
  };
  return { kind: 'raw', status: 429, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}
