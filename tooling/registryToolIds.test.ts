import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REGISTRY_TOOL_IDS } from '../server/registryToolIds';
import { registryFiles } from './registryFiles';
import { expectedToolIdsSource, registryToolIdsSource, TOOL_IDS_FILE, WRITE_COMMAND } from './registryToolIds';

const scratch = mkdtempSync(path.join(tmpdir(), 'studyforge-tool-ids-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the gateway's list of tool ids (server/registryToolIds.ts)", () => {
  it('is the registry: every tool file, and nothing else', () => {
    const registry = registryFiles().map((file) => file.stem);
    const missing = registry.filter((id) => !REGISTRY_TOOL_IDS.has(id));
    const extra = [...REGISTRY_TOOL_IDS].filter((id) => !registry.includes(id));
    expect(missing, `Run ${WRITE_COMMAND}, or /metrics counts the calls of these tools as tool "other": ${missing.join(', ')}`).toEqual([]);
    expect(extra, `Run ${WRITE_COMMAND}: no registry file declares these ids: ${extra.join(', ')}`).toEqual([]);
  });

  it('is generated from the file names, not typed: the file is exactly what the generator writes', () => {
    expect(readFileSync(TOOL_IDS_FILE, 'utf8'), `server/registryToolIds.ts is generated: run ${WRITE_COMMAND}`).toBe(expectedToolIdsSource());
  });

  it("takes a new tool's id from its file name alone, in name order, and leaves out helpers and tests", () => {
    for (const name of ['tide-explainer.ts', 'analogy-generator.ts', 'tide-explainer.test.ts', 'types.d.ts']) writeFileSync(path.join(scratch, name), 'export default 1;\n');
    const source = registryToolIdsSource(registryFiles([scratch]).map((file) => file.stem));
    expect(source).toContain("new Set([\n  'analogy-generator',\n  'tide-explainer',\n]);");
  });
});
