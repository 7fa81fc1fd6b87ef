/*
 * The import picture in docs/architecture.md is generated, and kept: a contributor who changes an import
 * between rooms and does not run `npm run docs:imports` sees this test fail, so the picture a reader trusts
 * is the code's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  architectureDoc,
  freshArchitectureDoc,
  mermaidPicture,
  pictureEnd,
  pictureStart,
  roomArrows,
  roomLoop,
  roomOf,
  withPicture,
  type CruisedFiles,
} from './importPicture';

const imports = (source: string, ...targets: (string | { resolved: string; rule: string })[]): CruisedFiles['modules'][number] => ({
  source,
  dependencies: targets.map((target) =>
    typeof target === 'string' ? { resolved: target } : { resolved: target.resolved, rules: [{ name: target.rule }] },
  ),
});

describe('the rooms of the picture', () => {
  it('puts each feature in a room of its own and the entry file with the app', () => {
    expect(roomOf('src/features/refine/RefineBar.tsx')).toBe('src/features/refine');
    expect(roomOf('src/features/study/index.ts')).toBe('src/features/study');
    expect(roomOf('src/kernel/backend/settings.ts')).toBe('src/kernel');
    expect(roomOf('src/main.tsx')).toBe('src/app');
    expect(roomOf('registry/quiz.ts')).toBe('registry');
    expect(roomOf('node_modules/zod/index.js')).toBeUndefined();
  });
});

describe('arrows between rooms', () => {
  const files: CruisedFiles = {
    modules: [
      imports('src/app/App.tsx', 'src/features/refine/index.ts', 'src/kernel/catalogue.ts', 'src/app/screenTable.ts', 'node_modules/react/index.js'),
      imports('src/app/screenTable.ts', 'src/kernel/catalogue.ts'),
      imports('src/features/refine/index.ts', 'src/kernel/runTool.ts'),
      imports('src/kernel/runTool.ts', { resolved: 'src/features/refine/outputOptions.ts', rule: 'kernel-imports-no-feature' }),
      imports('src/features/study/deck.ts', { resolved: 'src/features/refine/versions.ts', rule: 'feature-imports-other-features-through-their-entry' }),
    ],
  };

  it('draws one arrow per pair of rooms, leaving out imports within a room and npm packages', () => {
    expect(roomArrows(files).map(({ from, to }) => `${from} -> ${to}`)).toEqual([
      'src/app -> src/features/refine',
      'src/app -> src/kernel',
      'src/features/refine -> src/kernel',
      'src/features/study -> src/features/refine',
      'src/kernel -> src/features/refine',
    ]);
  });

  it('names the rule an arrow breaks, and marks two rooms that lean on each other', () => {
    const broken = Object.fromEntries(roomArrows(files).map((arrow) => [`${arrow.from} -> ${arrow.to}`, arrow.broken]));
    expect(broken['src/kernel -> src/features/refine']).toEqual(['kernel-imports-no-feature', roomLoop]);
    expect(broken['src/features/refine -> src/kernel']).toEqual([roomLoop]);
    expect(broken['src/features/study -> src/features/refine']).toEqual(['feature-imports-other-features-through-their-entry']);
    expect(broken['src/app -> src/kernel']).toEqual([]);
  });

  it('draws sound arrows plain and broken ones dashed, red and labelled', () => {
    const picture = mermaidPicture(roomArrows(files));
    expect(picture).toContain('src_app --> src_kernel');
    expect(picture).toContain(`src_kernel -.->|"kernel-imports-no-feature, ${roomLoop}"| feature_refine`);
    expect(picture).toMatch(/linkStyle 2,3,4 stroke:#c62828/);
  });
});

describe('the picture in docs/architecture.md', () => {
  const doc = `# Title\n\nBefore.\n\n${pictureStart}\nold picture\n${pictureEnd}\n\nAfter.\n`;
  const arrows = roomArrows({ modules: [imports('src/app/App.tsx', 'src/kernel/catalogue.ts')] });

  it('is replaced between its markers, leaving the rest of the doc as it was', () => {
    const written = withPicture(doc, arrows);
    expect(written.startsWith(`# Title\n\nBefore.\n\n${pictureStart}\n`)).toBe(true);
    expect(written.endsWith(`${pictureEnd}\n\nAfter.\n`)).toBe(true);
    expect(written).not.toContain('old picture');
    expect(written).toContain('```mermaid\nflowchart TD');
    expect(withPicture(written, arrows)).toBe(written);
  });

  it('refuses a doc that lost a marker instead of writing the picture somewhere else', () => {
    expect(() => withPicture(doc.replace(pictureEnd, ''), arrows)).toThrow(/markers/);
  });

  it('is the picture of the code as it is now (run npm run docs:imports when this fails)', async () => {
    expect(readFileSync(architectureDoc, 'utf8')).toBe(await freshArchitectureDoc());
  }, 180_000);
});
