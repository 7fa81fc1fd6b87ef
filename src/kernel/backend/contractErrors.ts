/*
 * Beside the contract's {error} (spec 7.1: a non-OK status with {error}, or a
 * stream's `error` event), a gateway may name the kind of failure in `code`,
 * for the app to act on rather than only show. A backend that sends no code
 * loses nothing: its error is shown as before.
 *
 * - 'invalid_answer': the model answered, but its answer cannot be used (the
 *   provider's own JSON check failed it: Groq's 400 json_validate_failed). The
 *   app does what it does for an answer it finds invalid itself: asks once
 *   more, saying what was wrong, then shows spec 8's invalid-format message.
 */

export const INVALID_ANSWER_CODE = 'invalid_answer';

export type ContractErrorCode = typeof INVALID_ANSWER_CODE;

/**
 * What the model is told on the retry, in StudyForge's words: the provider's
 * own report holds the failed answer (the student's material) and never
 * leaves the gateway.
 */
export const INVALID_ANSWER_PROBLEM = 'it was not valid JSON fitting the required structure';
