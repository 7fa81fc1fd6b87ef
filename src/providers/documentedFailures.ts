import { ProviderError } from './types';

/*
 * Provider errors whose documented meaning is not what their status says, so
 * the status alone would give the user the wrong advice:
 *
 * - Groq answers HTTP 400 with code `json_validate_failed` when the model's
 *   JSON failed Groq's own check: best-effort structured output "Can sometimes
 *   produce malformed JSON syntax or trigger 400 errors due to schema
 *   validation failures" (https://console.groq.com/docs/structured-outputs);
 *   the body, as reported in
 *   https://github.com/thepersonalaicompany/amurex-backend/issues/38:
 *   {"error": {"message": "Failed to generate JSON. Please adjust your prompt. See
 *   'failed_generation' for more details.", "type": "invalid_request_error",
 *   "code": "json_validate_failed", "failed_generation": "..."}}.
 *   The request was fine; the answer was not. It is an unusable answer, which
 *   the app asks for once more, not a refusal.
 *
 * - A used-up account is not a passing rate limit: waiting a moment does not
 *   help, someone has to pay.
 *   - OpenAI: 429 "You exceeded your current quota, please check your plan and
 *     billing details" (https://platform.openai.com/docs/guides/error-codes),
 *     with type and code `insufficient_quota`
 *     (https://github.com/mattvr/ShellGPT/issues/23 quotes the body).
 *   - Gemini: 429 RESOURCE_EXHAUSTED with a google.rpc.QuotaFailure whose
 *     violation is a per-day quota (quotaId
 *     "GenerateRequestsPerDayPerProjectPerModel-FreeTier", body quoted in
 *     https://github.com/continuedev/continue/issues/11681). Requests per day
 *     reset at midnight Pacific time (https://ai.google.dev/gemini-api/docs/rate-limits):
 *     nothing a student can wait out. Per-minute quotas stay rate limits.
 *   - OpenRouter: 402 "Your account or API key has insufficient credits. Add
 *     more credits and retry the request" (https://openrouter.ai/docs/errors).
 *     402 is Payment Required whoever sends it.
 *
 * The provider's own words (for Groq they hold the model's failed text, that
 * is the student's material) stay on upstreamDetail, as for every error.
 */

/** The model's answer failed the provider's own JSON check: an unusable answer, asked for once more. */
export class UnusableAnswerError extends ProviderError {
  override name = 'UnusableAnswerError';
}

/** The provider account is out of credit, or over a quota that no retry soon will clear. */
export class QuotaExhaustedError extends ProviderError {
  override name = 'QuotaExhaustedError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The OpenAI-shaped error object of a body, if any. */
function errorObject(body: unknown): Record<string, unknown> | undefined {
  return isRecord(body) && isRecord(body.error) ? body.error : undefined;
}

/** Groq's 400 `json_validate_failed` (see above). */
export function isJsonValidateFailed(status: number, body: unknown): boolean {
  return status === 400 && errorObject(body)?.code === 'json_validate_failed';
}

/** A google.rpc.QuotaFailure violation naming a per-day quota. */
function googlePerDayQuota(error: Record<string, unknown>): boolean {
  if (error.status !== 'RESOURCE_EXHAUSTED' || !Array.isArray(error.details)) return false;
  return error.details.some(
    (detail) =>
      isRecord(detail) &&
      typeof detail['@type'] === 'string' &&
      detail['@type'].endsWith('google.rpc.QuotaFailure') &&
      Array.isArray(detail.violations) &&
      detail.violations.some((violation) => isRecord(violation) && typeof violation.quotaId === 'string' && /PerDay/.test(violation.quotaId)),
  );
}

/** A used-up account (see above): OpenAI's insufficient_quota, Gemini's per-day quota, any 402. */
export function isQuotaExhausted(status: number, body: unknown): boolean {
  if (status === 402) return true;
  if (status !== 429) return false;
  const error = errorObject(body);
  if (!error) return false;
  return error.code === 'insufficient_quota' || error.type === 'insufficient_quota' || googlePerDayQuota(error);
}
