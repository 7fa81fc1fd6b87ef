import type { Context } from 'hono';

/**
 * The caller's address as each runtime hands it over: @hono/node-server puts
 * the Node request in `env.incoming`, our Deno entry passes `remoteAddr`.
 */
export function clientAddress(c: Context): string | undefined {
  const env = c.env as
    | { incoming?: { socket?: { remoteAddress?: string } }; remoteAddr?: { hostname?: string } }
    | undefined;
  return env?.incoming?.socket?.remoteAddress ?? env?.remoteAddr?.hostname;
}
