/*
 * The bounds of an attached file (issue 16), stated once: the README's
 * "Your own material" section and the messages quote these numbers.
 */

/** The largest file read, in bytes: a 300-page textbook PDF is about 15 MB; a phone photo 3 to 8 MB. */
export const MAX_ATTACH_BYTES = 20 * 1024 * 1024;

/**
 * The most text one attachment adds to a field, in characters: about 10,000
 * tokens, a long chapter. Three such sources of plain prose (about 120 KB)
 * still fit the gateway's default request limit (256 KB).
 */
export const MAX_ATTACHED_CHARACTERS = 40_000;

/** The most PDF pages read at once; a longer PDF asks which pages to read. */
export const MAX_PDF_PAGES = 30;

/**
 * The context an attachment's share is shown against, in tokens: the smallest
 * we run a model with, Ollama's OLLAMA_DEFAULT_NUM_CTX (a test holds them
 * equal; not imported, so a tool's page does not carry the provider code).
 */
export const CONTEXT_TOKENS = 16_384;

/** About four characters a token for English prose (OpenAI's and Google's rule of thumb). */
export function estimatedTokens(characters: number): number {
  return Math.ceil(characters / 4);
}
