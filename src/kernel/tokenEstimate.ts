/*
 * One estimate of tokens from characters, for where no provider count is at
 * hand: the gateway's budget reservation and fallback charge
 * (server/callCharge.ts) and an attachment's share of a model's context
 * (src/features/sources/limits.ts). Said once, so what a teacher is told an
 * attachment costs and what the budgets charge for it never drift apart.
 */

/** About 4 characters a token for English prose, OpenAI's and Google's rule of thumb. */
export const CHARACTERS_PER_TOKEN = 4;

/** The tokens a text of this many characters is estimated at, rounded up: a short text is never free. */
export function estimateTokens(characters: number): number {
  return Math.ceil(characters / CHARACTERS_PER_TOKEN);
}
