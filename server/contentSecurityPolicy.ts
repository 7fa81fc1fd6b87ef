/*
 * The app's Content-Security-Policy: the second line of defence behind the
 * sanitiser (src/kernel/safeHtml.ts). Even if hostile model output got an
 * element or attribute past it, the browser would run no inline script, no
 * event-handler attribute, no javascript: URL, no eval and no script from
 * another site, and would load no plugin, frame or other site's image.
 *
 * Served two ways, with the same directives:
 *   - as a <meta http-equiv> in the built index.html (tooling/cspPlugin.ts),
 *     so any static host serves the app under it; the dev server's page
 *     keeps none, since Vite's dev mode injects inline scripts and styles;
 *   - as a response header by our gateway (server/node.ts) and `vite
 *     preview`, which can add what a meta element cannot: frame-ancestors.
 */

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

export const contentSecurityPolicyDirectives: CspDirectives = {
  'default-src': ["'self'"],
  // Only the app's own bundles: no inline script, no eval, no other origin.
  // 'wasm-unsafe-eval' lets the app's own WebAssembly compile (text
  // recognition of an attached photo) and nothing else: it allows
  // no JavaScript eval, Function() or string timers (CSP Level 3).
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  // Only the app's stylesheet. The app sets style properties through the
  // CSSOM (React's style prop, the sprint timeline's flex-grow, Copy's
  // off-screen textarea), which CSP does not restrict, so no
  // 'unsafe-inline' is needed, not even for style attributes.
  'style-src': ["'self'"],
  // The icon sprite and favicon are files of the app; answers show no images.
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  // Where the app sends requests. 'self' is the gateway that served it. The
  // backend and transcription URLs are chosen at run time in Settings, and
  // "own key" mode calls the provider straight from the browser (Gemini,
  // any OpenAI-compatible server, Ollama), so the hosts cannot be listed
  // when the app is built: any https: host, and plain http only on this
  // machine (Ollama, a gateway started with `npm start`). A backend on
  // another machine must use https (a page served over https could not
  // call a plain-http one anyway).
  'connect-src': ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  'media-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  // Header only: browsers ignore (and warn about) it in a meta element.
  'frame-ancestors': ["'none'"],
};

/** Directives a <meta http-equiv> element cannot carry (the browser ignores them there and logs a warning). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

export function contentSecurityPolicy(delivery: 'header' | 'meta', directives: CspDirectives = contentSecurityPolicyDirectives): string {
  return Object.entries(directives)
    .filter(([name]) => delivery === 'header' || !HEADER_ONLY.has(name))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Headers for the app's pages (index.html) wherever a server of ours serves them. */
export function appPageHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy('header'),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}
