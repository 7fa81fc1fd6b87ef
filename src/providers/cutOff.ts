/*
 * The two ways an answer comes back incomplete, as the user is told, in a
 * module of their own so the tool kernel can recognise them (to give a cut-off
 * structured answer the one retry an invalid one gets) without loading the
 * providers' error mapping. The gateway sends only the message, so the message
 * is what is recognised, in the gateway's answers and in own-key mode alike.
 */

export const cutOffMessages = {
  // The provider said the answer stopped at its token limit (OpenAI finish_reason "length", Gemini
  // MAX_TOKENS, Ollama done_reason "length").
  answerCutOff: 'The answer was cut off; try a shorter input.',
  // The answer ended without the provider's documented finish signal (no finish_reason, no finishReason,
  // no done:true line): a proxy's idle cut, a restart, a crash that closed the connection cleanly.
  answerUnfinished: 'The answer was cut off before the AI provider finished it. Please try again.',
} as const;

const CUT_OFF = new Set<string>(Object.values(cutOffMessages));

/** Whether an error (a provider's, or the gateway's message re-thrown by the app) says the answer was cut off. */
export function isCutOffAnswer(error: unknown): boolean {
  return error instanceof Error && CUT_OFF.has(error.message);
}
