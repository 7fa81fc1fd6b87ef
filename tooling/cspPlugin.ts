import type { Plugin } from 'vite';
import { contentSecurityPolicy } from '../server/contentSecurityPolicy.ts';

/** The built index.html with the policy's meta element right after <meta charset>, before every script and stylesheet. */
export function withCspMeta(html: string, policy = contentSecurityPolicy('meta')): string {
  if (policy.includes('"')) throw new Error('A Content-Security-Policy with a double quote cannot go into the meta element.');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  const charset = /<meta\s+charset=[^>]*>/i.exec(html);
  if (charset) {
    const end = charset.index + charset[0].length;
    return `${html.slice(0, end)}\n    ${meta}${html.slice(end)}`;
  }
  if (!/<head[^>]*>/i.test(html)) throw new Error('index.html has no <head> for the Content-Security-Policy.');
  return html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${meta}`);
}

/**
 * The build's side of the Content-Security-Policy: the policy as a
 * <meta http-equiv> in index.html, so any static host serves the app under it
 * (zod's eval probe is switched off in src/kernel/zodConfig.ts).
 * Build only: the dev server injects inline scripts (React Fast Refresh) and
 * styles (CSS hot reload) that a strict policy refuses.
 */
export function cspPlugin(): Plugin {
  return {
    name: 'studyforge:csp',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => withCspMeta(html) },
  };
}
