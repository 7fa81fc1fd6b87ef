import type { Context, Handler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SessionUser } from '../accounts/currentUser';
import { classErrorResponse } from './door';

/*
 * What every class route module is written with. A module of its own (not
 * mount.ts, which re-exports it): mount.ts imports the route modules, so a
 * route module importing mount.ts would be an import cycle, which the
 * import rules refuse.
 */

/** The largest class request body: an assignment's presets and note with room to spare. */
export const CLASS_BODY_BYTES = 256_000;

export const classBodyLimit = bodyLimit({
  maxSize: CLASS_BODY_BYTES,
  onError: (c) => c.json({ error: `This request is too large: the limit is ${CLASS_BODY_BYTES / 1000} KB.` }, 413),
});

/** The person requireUser let through. */
export const signedIn = (c: Context): SessionUser => c.var.user;

/** A route's handler with the class errors answered as JSON. */
export function classHandler(handler: (c: Context) => Promise<Response>): Handler {
  return async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      const reply = classErrorResponse(c, error);
      if (reply) return reply;
      throw error;
    }
  };
}
