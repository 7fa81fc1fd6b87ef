import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The operator's table of provider setups (docs/gateway.md) says, per row, which
 * tests prove what the row claims. This holds the table to the tests: every row
 * names at least one test file that exists, and every test name it quotes (up to
 * an ellipsis) is found in one of the files that row names, so a renamed or
 * deleted test shows up here instead of leaving the docs citing nothing.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = path.join(ROOT, 'docs', 'gateway.md');

interface Row {
  setup: string;
  files: string[];
  quotes: string[];
}

function tableRows(markdown: string): Row[] {
  const section = markdown.slice(markdown.indexOf('## Tested provider setups'));
  const lines = section.split('\n');
  const header = lines.findIndex((line) => line.startsWith('| Setup |'));
  if (header < 0) throw new Error('docs/gateway.md has no provider table under "Tested provider setups".');
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split(' | ');
    const setup = (cells[0] ?? '').replace(/^\|\s*/, '');
    const provedBy = (cells.at(-1) ?? '').replace(/\s*\|$/, '');
    const files = [...provedBy.matchAll(/\]\(\.\.\/([^)]+)\)/g)].map((match) => match[1] as string);
    // A quoted test name, shortened by the doc with ellipses: its longest piece must be in the test file.
    const quotes = [...provedBy.matchAll(/\("([^"]+)"/g), ...provedBy.matchAll(/, "([^"]+)"/g)].map((match) =>
      (match[1] as string)
        .split('…')
        .map((piece) => piece.trim())
        .reduce((longest, piece) => (piece.length > longest.length ? piece : longest), ''),
    );
    rows.push({ setup, files, quotes });
  }
  return rows;
}

describe('the provider table in docs/gateway.md', () => {
  const rows = tableRows(readFileSync(DOC, 'utf8'));

  it('has a row for every setup the gateway documents', () => {
    const setups = rows.map((row) => row.setup);
    for (const name of ['Gemini', 'OpenAI', 'Groq', 'OpenRouter', 'vLLM', 'LM Studio', 'llama.cpp server', 'Ollama', 'whisper.cpp server']) {
      expect(setups).toContain(name);
    }
  });

  it.each(rows.map((row) => [row.setup, row] as const))('%s: names tests that exist and hold the test names it quotes', (_setup, row) => {
    expect(row.files.length).toBeGreaterThan(0);
    const sources = row.files.map((file) => {
      expect(existsSync(path.join(ROOT, file)), `${file} (named by the row) does not exist`).toBe(true);
      return readFileSync(path.join(ROOT, file), 'utf8');
    });
    for (const quote of row.quotes) {
      expect(quote.length, 'a quoted test name says more than an ellipsis').toBeGreaterThan(10);
      expect(
        sources.some((source) => source.includes(quote)),
        `"${quote}" is quoted as a test name but none of ${row.files.join(', ')} holds it`,
      ).toBe(true);
    }
  });
});
