import type { MiddlewareHandler } from 'hono';

/*
 * A page on another site can make its visitor's browser POST a form,
 * multipart or text/plain body to any address without asking first (a
 * "simple request": no CORS preflight). CORS only hides the answer from that
 * page; the request still arrives, and on a gateway with no public key it
 * would spend the school's quota (an audio upload reached transcription).
 * So the AI routes refuse a request a browser says came from another site,
 * unless that site is in STUDYFORGE_ALLOWED_ORIGINS.
 *
 * Browsers say where a request came from in Sec-Fetch-Site (every current
 * one) and Origin (on every POST). A request with neither was not made by a
 * browser on some page's behalf (curl, a school's server-side client) and
 * passes, as before.
 */

/** Whether a request comes from a page that may call this gateway: its own origin, a listed one, or no page at all. */
export function isAllowedSite(request: Request, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null && allowedOrigins.includes(origin)) return true;
  const site = request.headers.get('sec-fetch-site');
  // 'none': the user's own action (typed address, bookmark), not a page's.
  if (site !== null) return site === 'same-origin' || site === 'none';
  if (origin === null) return true;
  const host = hostOf(origin);
  return host !== undefined && ownHosts(request).includes(host);
}

/**
 * The hosts this request was addressed to: its Host, and the one a proxy in front says it was sent to
 * (a page cannot set X-Forwarded-Host on a request without a preflight, which CORS refuses).
 */
function ownHosts(request: Request): string[] {
  const forwarded = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  return [hostOf(request.url), forwarded].filter((host): host is string => Boolean(host));
}

/** The host (and port) of an origin or URL; undefined for `null` (a sandboxed page, a file) or anything unreadable. */
function hostOf(address: string): string | undefined {
  try {
    return new URL(address).host || undefined;
  } catch {
    return undefined;
  }
}

export function crossSiteGuard(allowedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!isAllowedSite(c.req.raw, allowedOrigins)) {
      const origin = (c.req.header('origin') ?? 'another site').slice(0, 100);
      return c.json({ error: `Refused: a page on ${origin} may not call this gateway. Only the app this gateway serves, and the origins its operator lists in STUDYFORGE_ALLOWED_ORIGINS, may.` }, 403);
    }
    await next();
    return undefined;
  };
}
