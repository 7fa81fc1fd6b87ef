import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { injectAppConfig } from '../server/appConfig';
import { contentSecurityPolicy } from '../server/contentSecurityPolicy';
import { cspPlugin, withCspMeta } from './cspPlugin';

/*
 * The build step that writes the Content-Security-Policy into index.html (the
 * policy itself is tested in server/contentSecurityPolicy.test.ts).
 */

const root = path.resolve(import.meta.dirname, '..');

describe('the build step (tooling/cspPlugin.ts)', () => {
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');

  it('puts the meta element right after the charset, before every script and stylesheet', () => {
    const html = withCspMeta(`${indexHtml.replace('</head>', '<script type="module" src="./a.js"></script><link rel="stylesheet" href="./a.css"></head>')}`);
    const at = html.indexOf('<meta http-equiv="Content-Security-Policy"');
    expect(at).toBeGreaterThan(html.indexOf('<meta charset'));
    expect(at).toBeLessThan(html.indexOf('<script'));
    expect(at).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(html).toContain(`content="${contentSecurityPolicy('meta')}"`);
  });

  it('runs for the build only, so the dev server (inline scripts for hot reload) keeps working', () => {
    expect(cspPlugin().apply).toBe('build');
  });

  it("keeps the gateway's settings a data block, after the policy", () => {
    const served = injectAppConfig(withCspMeta(indexHtml), { backendUrl: '.', publicKey: 'k', transcribeUrl: '' });
    expect(served).toMatch(/<script type="application\/json" id="studyforge-config">/);
    expect(served.indexOf('Content-Security-Policy')).toBeLessThan(served.indexOf('studyforge-config'));
  });

  it("switches zod's eval probe off in the app's first import, before any schema is built", () => {
    const main = readFileSync(path.join(root, 'src/main.tsx'), 'utf8');
    const firstImport = /^import[^;]*;/m.exec(main)?.[0];
    expect(firstImport).toBe("import './kernel/zodConfig';");
    // It sets zod's shared configuration without importing zod (src/kernel/zodConfig.test.ts checks zod then reads it).
    expect(readFileSync(path.join(root, 'src/kernel/zodConfig.ts'), 'utf8')).toMatch(/\.jitless = true;/);
  });
});
