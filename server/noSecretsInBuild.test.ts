import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * Provider keys live in the gateway's environment. This builds the app with
 * such keys set, as a deployment would have them, and proves none reaches
 * the files browsers download.
 */

const secrets = {
  GEMINI_API_KEY: 'AIzaSyTEST-secret-gemini-key-000111',
  OPENAI_API_KEY: 'sk-test-secret-openai-key-000222',
  TRANSCRIBE_API_KEY: 'sk-test-secret-whisper-key-000333',
  OLLAMA_URL: 'http://ollama.internal.test:11434',
};

let outDir = '';
afterAll(() => (outDir ? rm(outDir, { recursive: true, force: true }) : undefined));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

describe('the client bundle', () => {
  it('contains no key from the environment', { timeout: 120_000 }, async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'studyforge-dist-'));
    const saved = { ...process.env };
    Object.assign(process.env, secrets);
    try {
      const { build } = await import('vite');
      await build({ root: path.resolve(import.meta.dirname, '..'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    } finally {
      process.env = saved;
    }
    const files = await filesUnder(outDir);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const content = await readFile(file, 'utf8');
      for (const [name, value] of Object.entries(secrets)) {
        expect(content.includes(value), `${name} leaked into ${path.relative(outDir, file)}`).toBe(false);
      }
    }
  });
});
