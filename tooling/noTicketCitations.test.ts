import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedFiles, citationsIn, ticketCitations } from './ticketCitations';

/* Comments and test titles give the reason, never a ticket number a reader cannot open. */

// The made-up citations below are spelt through these, so this file does not cite a ticket itself.
const ISSUE = 'issue';
const TICKET = 'ticket';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('no comment or test title cites a ticket number', () => {
  it('holds on this checkout', () => {
    expect(ticketCitations(ROOT)).toEqual([]);
  });

  it('looks at code, tests, stylesheets and configuration, and leaves prose to its authors', () => {
    const files = checkedFiles(ROOT);
    for (const file of ['tooling/ticketCitations.ts', 'vite.config.ts', 'deploy/Dockerfile', 'src/app/styles.css']) expect(files).toContain(file);
    expect(files.filter((file) => file.endsWith('.md') || file.startsWith('docs/'))).toEqual([]);
  });

  it('names the file and line of each citation in a comment or a test title, in every form', () => {
    const code = [
      "import { it } from 'vitest';",
      `// Keeps the form (${ISSUE} 21).`,
      '/*',
      ` * The byte caps of ${ISSUE} #10 (finding 4).`,
      ` plain text inside the block, ${ISSUE.toUpperCase()}S 14 and 20`,
      ' */',
      `const limit = 3; // see ${ISSUE}-12`,
      `{/* a star per card, ${TICKET} 7 */}`,
      `describe('pins tools first (${ISSUE} 20)', () => {});`,
      `it(\`refines once (Issue #${13})\`, () => {});`,
      `test.skip("waits for ${ISSUE} 9", () => {});`,
    ].join('\n');
    expect(citationsIn('src/example.test.tsx', code).map((problem) => problem.split(': ')[0])).toEqual([
      'src/example.test.tsx:2',
      'src/example.test.tsx:4',
      'src/example.test.tsx:5',
      'src/example.test.tsx:7',
      'src/example.test.tsx:8',
      'src/example.test.tsx:9',
      'src/example.test.tsx:10',
      'src/example.test.tsx:11',
    ]);
    expect(citationsIn('deploy/docker-compose.yml', `services:\n  # one gateway (${ISSUE} 18)\n  app: {}\n`)).toEqual([
      `deploy/docker-compose.yml:2: # one gateway (${ISSUE} 18)`,
    ]);
  });

  it('lets product text, links, statuses and spec sections through', () => {
    const code = [
      '// The contract of spec 7.1, and spec §4 on sessions.',
      '// Upstream: https://github.com/colinhacks/zod/issues/4242 and the 404 it answers.',
      "const citation = 'Science, 2018, volume 359, issue 6380, pages 1146-1151';",
      'const prompt = `List the issues 1 to 3 the essay raises.',
      '- Exit ticket: 10 minutes`;',
      "const status = response.status === 404 ? 'missing' : 'issue';",
    ].join('\n');
    expect(citationsIn('registry/example-tool.ts', code)).toEqual([]);
    expect(citationsIn('docs/security.md', 'Fixed in issue 10.')).toEqual([]);
    expect(citationsIn('package.json', '{ "description": "issue 10" }')).toEqual([]);
  });
});
