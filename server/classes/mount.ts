import type { Context, Handler, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SessionUser } from '../accounts/currentUser';
import type { ClassRouteDeps } from './deps';
import { classErrorResponse } from './door';

export type { ClassModel, ClassRouteDeps } from './deps';

/*
 * Every class route, mounted by mountAccounts (classes exist only where
 * sign-in does). Each route module takes ClassRouteDeps and adds its routes
 * with `classHandler`, so a door's refusal or a broken class rule becomes
 * the same JSON reply everywhere and any other error reaches the gateway's
 * error handler.
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

export interface ClassRoutes {
  /** Ends live streams (shutdown, tests). */
  stop(): Promise<void>;
}

/** Adds every class route; each module below adds its own. */
export function addClassRoutes(app: Hono, deps: ClassRouteDeps): ClassRoutes {
  const stops: (() => Promise<void>)[] = [];
  // Each route module is added here, one line each.
  void app;
  void deps;
  return { stop: async () => void (await Promise.all(stops.map((stop) => stop()))) };
}
