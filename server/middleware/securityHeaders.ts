import type { MiddlewareHandler } from 'hono';

/*
 * Headers every gateway response carries, whatever made it: JSON answers and
 * errors, streams, CORS preflights, static files of the build, and failures
 * answered by onError. createGateway registers it first, so it wraps
 * everything after it; server/node.ts mounts the gateway at '/', which carries
 * it to every path there, the build's files included (checked against the
 * real process in attackHoles.test.ts).
 *
 * X-Content-Type-Options: nosniff stops a browser from guessing a type other
 * than the one declared: a JSON error or answer that echoes a caller's words
 * is never run as a script or rendered as HTML.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff' };

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
};
