import type { Hono } from 'hono';

/*
 * A browser's part of signing in, by plain HTTP: one cookie jar per site,
 * redirects followed by hand, the provider's login form filled in. The
 * gateway is called in-process (its app's fetch); the identity provider over
 * a real socket.
 */

export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Takes a response's Set-Cookie headers; an expired or emptied one is removed, as a browser does. */
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Browser {
  /** Where this browser reaches the gateway. */
  origin: string;
  gatewayJar: CookieJar;
  idpJar: CookieJar;
  /** Calls the gateway in-process with this browser's cookies. */
  gateway(path: string, init?: RequestInit): Promise<Response>;
}

export const GATEWAY_ORIGIN = 'http://127.0.0.1:8799';

export function newBrowser(app: Hono, address = '192.0.2.10', origin = GATEWAY_ORIGIN): Browser {
  const gatewayJar = new CookieJar();
  const idpJar = new CookieJar();
  return {
    origin,
    gatewayJar,
    idpJar,
    async gateway(path, init = {}) {
      const headers = new Headers(init.headers);
      if (gatewayJar.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', gatewayJar.header());
      headers.set('x-test-address', address);
      const response = await app.request(new URL(path, origin).href, { ...init, headers });
      gatewayJar.take(response);
      return response;
    },
  };
}

/** GETs (or POSTs a form to) the identity provider with its jar, without following the redirect. */
export async function idpRequest(browser: Browser, url: string, form?: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = { cookie: browser.idpJar.header() };
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(url, { method: form ? 'POST' : 'GET', headers, redirect: 'manual', ...(form ? { body: new URLSearchParams(form).toString() } : {}) });
  browser.idpJar.take(response);
  return response;
}

export function locationOf(response: Response, base: string): string {
  const location = response.headers.get('location');
  if (!location) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(location, base).href;
}

/**
 * Follows the provider's redirects from `url` until one leads back to the gateway; fills in the login
 * form when the provider shows it. Answers the gateway address the provider sent the browser back to.
 */
export async function throughProvider(browser: Browser, url: string, login?: { email: string; password: string }): Promise<string> {
  let next = url;
  for (let hop = 0; hop < 10; hop += 1) {
    if (next.startsWith(browser.origin)) return next;
    const response = await idpRequest(browser, next);
    if (response.status === 200 && login) {
      const html = await response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error('the provider showed no login form');
      const submitted = await idpRequest(browser, new URL(action, next).href, login);
      next = locationOf(submitted, next);
      continue;
    }
    next = locationOf(response, next);
  }
  throw new Error('the provider never sent the browser back');
}
