import { describe, expect, it } from 'vitest';
import { QuotaExhaustedError, UnusableAnswerError } from './documentedFailures';
import { errorFromStatus, MAX_RETRY_AFTER_SECONDS, providerMessages, retryAfterOf } from './errors';
import { geminiQuotaAnswer } from './testing/fakes/geminiQuota';
import { insufficientQuotaAnswer, jsonValidateFailedAnswer } from './testing/fakes/openaiRequest';
import type { FakeAnswer } from './testing/fakes/types';

/*
 * Errors whose documented meaning is not their status (documentedFailures.ts),
 * mapped from the very bodies the fakes script.
 */

const none = new Headers();

function mapped(answer: FakeAnswer) {
  if (answer.kind !== 'raw') throw new Error('a scripted body is raw');
  return errorFromStatus(answer.status, answer.body, new Headers(answer.headers), []);
}

describe('errors judged by what the provider documents they mean', () => {
  it("Groq's 400 json_validate_failed is an unusable answer, not a refusal, and the model's failed text stays off the message", () => {
    const error = mapped(jsonValidateFailedAnswer('{"summary": "Ms Adeyemi\'s notes'));
    expect(error).toBeInstanceOf(UnusableAnswerError);
    expect(error.message).toBe(providerMessages.unusableAnswer);
    expect(error.message).not.toMatch(/refused/);
    expect(`${error.message} ${error.upstreamDetail}`).not.toContain('Adeyemi');
    // Any other 400 is still a refusal.
    expect(errorFromStatus(400, JSON.stringify({ error: { message: 'no', code: 'invalid_value' } }), none, [])).not.toBeInstanceOf(UnusableAnswerError);
  });

  it("OpenAI's 429 insufficient_quota is a used-up account: 502, no retry delay, even when the provider sends one", () => {
    const error = mapped(insufficientQuotaAnswer('20000'));
    expect(error).toBeInstanceOf(QuotaExhaustedError);
    expect(error.status).toBe(502);
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.message).toBe(providerMessages.quotaExhausted);
    expect(error.upstreamDetail).toMatch(/billing/);
  });

  it("Gemini's per-day quota is a used-up account; its per-minute quota stays a rate limit with RetryInfo's delay", () => {
    expect(mapped(geminiQuotaAnswer('PerDay'))).toBeInstanceOf(QuotaExhaustedError);
    const perMinute = mapped(geminiQuotaAnswer('PerMinute', '22s'));
    expect(perMinute).not.toBeInstanceOf(QuotaExhaustedError);
    expect(perMinute.status).toBe(429);
    expect(perMinute.retryAfterSeconds).toBe(22);
  });

  it("OpenRouter's 402 (insufficient credits) is a used-up account", () => {
    const error = errorFromStatus(402, JSON.stringify({ error: { code: 402, message: 'Insufficient credits' } }), none, []);
    expect(error).toBeInstanceOf(QuotaExhaustedError);
  });

  it('an ordinary 429 is still a rate limit', () => {
    const error = errorFromStatus(429, JSON.stringify({ error: { message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' } }), new Headers({ 'retry-after': '7' }), []);
    expect(error.message).toBe(providerMessages.rateLimited);
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(7);
  });
});

describe('retry-after-ms', () => {
  it('comes before retry-after, rounded up to whole seconds, as OpenAI\'s client reads them', () => {
    expect(retryAfterOf(new Headers({ 'retry-after-ms': '1500', 'retry-after': '30' }))).toBe(2);
    expect(retryAfterOf(new Headers({ 'retry-after-ms': '20' }))).toBe(1);
    expect(retryAfterOf(new Headers({ 'retry-after': '30' }))).toBe(30);
  });

  it('is clamped like retry-after, and ignored when it is not a delay', () => {
    expect(retryAfterOf(new Headers({ 'retry-after-ms': '99999999999' }))).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(retryAfterOf(new Headers({ 'retry-after-ms': '-5', 'retry-after': '4' }))).toBe(4);
    expect(retryAfterOf(new Headers({ 'retry-after-ms': 'soon' }))).toBeUndefined();
  });

  it("is what a 429's delay is read from", () => {
    const error = errorFromStatus(429, '{}', new Headers({ 'retry-after-ms': '2500' }), []);
    expect(error.retryAfterSeconds).toBe(3);
  });
});
