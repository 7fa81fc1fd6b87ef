import { config } from 'zod/mini';

/*
 * zod probes for eval (`new Function`) the first time it builds an object
 * schema, to compile faster parsers. Under the app's Content-Security-Policy
 * the probe is refused and the browser reports a violation on every load;
 * our schemas are small, and zod's plain parsers are quick enough. This
 * module must be the app's first import: schemas are built as modules load.
 */
config({ jitless: true });
