/*
 * The bounds of an attached file, stated once: registry/README.md's
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

/*
 * What a file may unpack to. Compressed parts can unpack to a thousand times
 * their size (a 2.5 MB Word file to 3.2 GB), so unpacking is counted and
 * stopped at these bounds (inflateWithin.ts).
 */

/**
 * A Word file's XML parts, unpacked: a 500-page document of plain text comes
 * to about 15 MB of XML, so 32 MB reads any real document, while mammoth's
 * parse of it (some ten times its size in memory) stays within what a phone's
 * browser gives a worker.
 */
export const MAX_DOCX_PARTS_BYTES = 32 * 1024 * 1024;

/**
 * A PDF's compressed streams other than pictures (page contents, fonts,
 * forms), unpacked, counted over the whole file: a 300-page textbook's come
 * to 20 to 60 MB.
 */
export const MAX_PDF_UNPACKED_BYTES = 128 * 1024 * 1024;

/**
 * The text read from a PDF before reading stops: enough for the most one
 * file adds (MAX_ATTACHED_CHARACTERS) with room for what cleaning removes.
 */
export const MAX_PDF_TEXT_CHARACTERS = 2 * MAX_ATTACHED_CHARACTERS;

/**
 * How long reading a PDF or Word file may take: 30 pages take a few seconds
 * on a slow laptop; a file that takes ten times that is made to, and its
 * reader (a worker) is ended.
 */
export const READ_SECONDS = 30;

/**
 * The context an attachment's share is shown against, in tokens: the smallest
 * we run a model with, Ollama's OLLAMA_DEFAULT_NUM_CTX (a test holds them
 * equal; not imported, so a tool's page does not carry the provider code).
 */
export const CONTEXT_TOKENS = 16_384;

/** The kernel's estimate (src/kernel/tokenEstimate.ts), the one the gateway's budgets charge by. */
export { estimateTokens as estimatedTokens } from '../../kernel/tokenEstimate';
