/*
 * Default models, in a module of their own with no imports: the settings
 * screen names them ("Blank for …") without loading any provider code.
 *
 * [G-dep] https://ai.google.dev/gemini-api/docs/deprecations;
 * [G-models] https://ai.google.dev/gemini-api/docs/models.
 */

/*
 * The default model (G2). gemini-2.5-flash, the earlier default, is shut
 * down: [G-dep] lists its shutdown for 2026 (one copy "June 17, 2026", another
 * "Earliest June 2026"), and "once a model is shutdown ... the endpoint is no
 * longer available". [G-models] lists "Gemini 3.8 Flash | gemini-3.8-flash" as
 * the newest stable Flash model, and Google Cloud's "Developer's guide to Gemini
 * 3.8 Flash" (https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash)
 * gives its launch stage as GA. A stable (GA) id rather than the
 * gemini-3-flash-preview the older deprecations copy names: preview models
 * may change or go with little notice. GEMINI_MODEL overrides it.
 */
export const GEMINI_DEFAULT_MODEL = 'gemini-3.8-flash';

/*
 * OpenAI's defaults (O6). gpt-4o-mini shuts down on 14 Jan 2027 and whisper-1
 * (with gpt-4o-transcribe and gpt-4o-mini-transcribe) on 26 Feb 2027; the
 * deprecations page (https://developers.openai.com/api/docs/deprecations, read
 * through the copies cited in /work/shared/findings/provider-conformance-3.md
 * [O-dep]) names gpt-6-luna and gpt-transcribe as their replacements.
 * OPENAI_MODEL and TRANSCRIBE_MODEL override them, and the start-up check warns
 * when the model in use has a shutdown date (modelCheck.ts).
 */
export const OPENAI_DEFAULT_MODEL = 'gpt-6-luna';
export const OPENAI_DEFAULT_TRANSCRIBE_MODEL = 'gpt-transcribe';

/*
 * Another Whisper-style server at TRANSCRIBE_BASE_URL (faster-whisper, LocalAI)
 * is asked for whisper-1, the name such servers answer to for their Whisper
 * model; OpenAI's retirement of its own whisper-1 does not reach them.
 */
export const WHISPER_SERVER_DEFAULT_TRANSCRIBE_MODEL = 'whisper-1';
