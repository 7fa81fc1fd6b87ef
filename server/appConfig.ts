/*
 * What the gateway tells the app it serves, as JSON in index.html (no extra
 * request, and no script to execute under a strict CSP): call this same
 * origin, with this public key, unless the gateway has no provider, in which
 * case the app's own samples (each tool's example) read better than the
 * gateway's generic ones.
 */

export interface InjectedAppConfig {
  /** '.' means "the folder this page was served from". Blank: the in-browser samples. */
  backendUrl: string;
  publicKey: string;
  transcribeUrl: string;
  /**
   * The audio types the gateway's transcriber takes, when it takes only some
   * (Gemini, whisper.cpp); the app converts other recordings to WAV first.
   */
  transcribeAccepts?: string[];
  /** Only when sign-in is on: the identity providers the app offers ("Sign in with <label>"). */
  accounts?: { providers: { id: string; label: string }[] };
}

export const APP_CONFIG_ELEMENT_ID = 'studyforge-config';

export function injectAppConfig(html: string, config: InjectedAppConfig): string {
  // '<' escaped so no value can close the script element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const tag = `<script type="application/json" id="${APP_CONFIG_ELEMENT_ID}">${json}</script>`;
  return html.replace('</head>', `    ${tag}\n  </head>`);
}
