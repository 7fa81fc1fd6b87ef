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
