import { describe, expect, it } from 'vitest';
import { REGISTRY_TOOL_IDS } from '../server/registryToolIds';
import { registryFiles } from './registryFiles';

describe("the gateway's list of tool ids (server/registryToolIds.ts)", () => {
  it('is the registry: every tool file, and nothing else', () => {
    const registry = registryFiles().map((file) => file.stem);
    const missing = registry.filter((id) => !REGISTRY_TOOL_IDS.has(id));
    const extra = [...REGISTRY_TOOL_IDS].filter((id) => !registry.includes(id));
    expect(missing, `Add these ids to server/registryToolIds.ts, or /metrics counts their calls as tool "other": ${missing.join(', ')}`).toEqual([]);
    expect(extra, `Remove these ids from server/registryToolIds.ts: no registry file declares them: ${extra.join(', ')}`).toEqual([]);
  });
});
