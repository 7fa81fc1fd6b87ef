import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContractSchema, toolContracts } from '../src/kernel/contractSchema';
import type { ToolModule } from '../src/kernel/defineTool';
import { contractSchemaOf, rememberContracts, withoutProperties } from '../src/kernel/resultContracts';
import { derivedValues, modelSchemaOf } from '../src/kernel/runTool';
import { registryFiles } from './registryFiles';

/*
 * The browser uses the contract schemas the registry plugin converted at build
 * time: what it sends must be what converting in the browser sent.
 */

const tools = await Promise.all(
  registryFiles().map(async ({ file }) => ((await import(/* @vite-ignore */ file)) as ToolModule).default),
);

describe('contract schemas converted at build time', () => {
  it('are the ones the engine uses once a tool module brings them, without converting again', () => {
    const result = z.object({ thesis: z.string() });
    const shipped = { type: 'OBJECT' as const, properties: { thesis: { type: 'STRING' as const, description: 'as shipped' } } };
    const tool = { ...tools[0]!, result, followUps: {} };
    rememberContracts(tool, { result: shipped });
    // The shipped object itself, not a conversion (which would have no description).
    expect(contractSchemaOf(result)).toBe(shipped);
  });

  it('cover every tool: its result and each follow-up call, as the converter gives them', () => {
    const withFollowUps = tools.filter((tool) => Object.keys(tool.followUps ?? {}).length > 0);
    expect(withFollowUps.length).toBeGreaterThan(0);
    for (const tool of tools) {
      const contracts = toolContracts(tool);
      expect(contracts.result, tool.id).toEqual(tool.result === 'markdown' ? undefined : toContractSchema(tool.result));
      for (const [key, followUp] of Object.entries(tool.followUps ?? {})) {
        expect(contracts.followUps?.[key], `${tool.id} followUps.${key}`).toEqual(followUp.result === 'markdown' ? undefined : toContractSchema(followUp.result));
      }
    }
  });

  it("derive the model's part of a result (the keys the browser computes left out) exactly as converting it would", () => {
    const deriving = tools.filter((tool) => tool.derive);
    expect(deriving.map((tool) => tool.id)).toContain('presentation-rehearsal-coach');
    let compared = 0;
    for (const tool of deriving) {
      const model = modelSchemaOf(tool, derivedValues(tool, tool.example.input));
      if (model === 'markdown' || model === tool.result) continue;
      expect(contractSchemaOf(model), tool.id).toEqual(toContractSchema(model));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('leave out the named properties and their required entries, and the object description with them', () => {
    const result = z.object({ a: z.string(), b: z.number().optional(), c: z.boolean() }).describe('Whole');
    const without = withoutProperties(toContractSchema(result), ['c']);
    expect(without).toEqual(toContractSchema(z.object({ a: z.string(), b: z.number().optional() })));
    expect(withoutProperties(toContractSchema(z.object({ a: z.string(), b: z.string() })), ['a', 'b'])).toEqual({ type: 'OBJECT', properties: {} });
  });
});
