import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPageHeaders, contentSecurityPolicy, contentSecurityPolicyDirectives } from './contentSecurityPolicy';

/*
 * The policy itself, and guards that keep the app's own code within it
 * (e2e/csp.spec.ts runs the app under it in Chromium). The build step that
 * writes it into index.html is tested beside it, in tooling/cspPlugin.test.ts.
 */

const root = path.resolve(import.meta.dirname, '..');

describe('the Content-Security-Policy', () => {
  const header = contentSecurityPolicy('header');
  const meta = contentSecurityPolicy('meta');
  const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

  it('allows script from the app alone: no inline script, no eval, no other origin; its own WebAssembly compiles', () => {
    expect(directive(header, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive(header, 'default-src')).toBe("default-src 'self'");
    expect(header).not.toMatch(/unsafe-inline|(?<!wasm-)unsafe-eval|unsafe-hashes|data:|blob:|(?:^|\s)\*(?:;|\s|$)/);
  });

  it('shuts plugins, base-URL changes, foreign forms and framing', () => {
    expect(directive(header, 'object-src')).toBe("object-src 'none'");
    expect(directive(header, 'base-uri')).toBe("base-uri 'none'");
    expect(directive(header, 'form-action')).toBe("form-action 'self'");
    expect(directive(header, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(header, 'style-src')).toBe("style-src 'self'");
    expect(directive(header, 'img-src')).toBe("img-src 'self'");
  });

  it('lets the app call a backend chosen at run time: any https host, plain http on this machine only', () => {
    expect(directive(header, 'connect-src')).toBe("connect-src 'self' https: http://localhost:* http://127.0.0.1:*");
  });

  it('leaves out of the meta element what browsers ignore there', () => {
    expect(meta).not.toContain('frame-ancestors');
    expect(header.replace("; frame-ancestors 'none'", '')).toBe(meta);
    expect(Object.keys(contentSecurityPolicyDirectives)).toContain('frame-ancestors');
  });

  it('comes with the other headers for app pages', () => {
    expect(appPageHeaders()).toEqual({
      'Content-Security-Policy': header,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
  });
});

describe('the app stays within the policy', () => {
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === 'testing' ? [] : sourceFiles(full);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
    });
  }
  const sources = ['src', 'renderers'].flatMap((dir) => sourceFiles(path.join(root, dir)));

  it('index.html has no inline script or style and no data: URL', () => {
    expect(indexHtml).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(indexHtml).not.toMatch(/<style|\sstyle=|data:/);
  });

  it('no eval, no string-built functions, no style attributes set as text', () => {
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/\beval\(|new Function\(|setAttribute\(\s*['"]style['"]|\.style\.cssText|insertAdjacentHTML|document\.write/);
      // A <style> element in JSX (comments may name the tag).
      if (file.endsWith('.tsx')) expect(text, file).not.toMatch(/^\s*<style[\s>]/m);
    }
  });

  it('model text reaches innerHTML in two places only, each through the sanitiser', () => {
    const raw = sources.filter((file) => /dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=/.test(readFileSync(file, 'utf8')));
    // Markdown, and plain text holding math: both made by src/kernel/safeHtml.ts.
    expect(raw.map((f) => path.relative(root, f))).toEqual([path.join('renderers', 'markdown', 'MarkdownView.tsx'), path.join('renderers', 'shared', 'math.tsx')]);
    expect(readFileSync(raw[0]!, 'utf8')).toMatch(/markdownToSafeHtml\(/);
    // math.tsx loads the sanitiser with KaTeX: the HTML it sets is safeHtml.ts's textWithMathToSafeHtml.
    expect(readFileSync(raw[1]!, 'utf8')).toMatch(/import\('\.\.\/\.\.\/src\/kernel\/safeHtml'\)[\s\S]*toSafeHtml: safe\.textWithMathToSafeHtml/);
  });
});
