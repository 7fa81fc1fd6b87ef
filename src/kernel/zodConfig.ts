/*
 * zod probes for eval (`new Function`) the first time it builds an object
 * schema, to compile faster parsers. Under the app's Content-Security-Policy
 * the probe is refused and the browser reports a violation on every load;
 * our schemas are small, and zod's plain parsers are quick enough. This
 * module must be the app's first import: schemas are built as modules load.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig`, shared by
 * every copy of zod (zod/v4/core/core.js), and reads it when it builds a
 * schema. Setting it here, rather than calling `config()`, keeps zod itself
 * out of the first load, which has no schema of its own.
 */

const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// In place: a zod already loaded holds this very object.
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};
