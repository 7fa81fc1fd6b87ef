import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registryFiles } from './registryFiles';

describe('registryFiles', () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'registry-files-')), 'registry');
  mkdirSync(path.join(dir, 'shared'), { recursive: true });
  for (const name of ['b-tool.ts', 'a-tool.ts', 'a-tool.test.ts', 'types.d.ts', 'notes.md', 'shared/helper.ts']) writeFileSync(path.join(dir, name), '');
  afterAll(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('lists the tool files in name order: not tests, declarations, other files or registry/shared/', () => {
    expect(registryFiles([dir])).toEqual([
      { file: path.join(dir, 'a-tool.ts'), shown: 'registry/a-tool.ts', stem: 'a-tool' },
      { file: path.join(dir, 'b-tool.ts'), shown: 'registry/b-tool.ts', stem: 'b-tool' },
    ]);
  });

  it("defaults to this checkout's registry/", () => {
    const files = registryFiles();
    expect(files.length).toBeGreaterThanOrEqual(51);
    expect(files.map((f) => f.shown)).toContain('registry/essay-buddy.ts');
  });
});
