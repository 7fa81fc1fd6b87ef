import type { z } from 'zod';
import { toContractSchema, type ContractSchema, type ToolContracts } from './contractSchema';
import type { ToolDeclaration } from './defineTool';

/*
 * Each result schema in the contract's vocabulary (spec 7.1's responseSchema).
 *
 * The registry plugin converts every tool's schemas when it builds the app and
 * ships them with the tool's module (`contracts`, tooling/registryPlugin.ts):
 * loadTool remembers them here, so a production build carries neither
 * z.toJSONSchema nor our converter. Outside a production build
 * (tests, the dev server, Node) a schema not seen yet is converted on first
 * use, which also keeps ad-hoc schemas in tests working.
 */

/** Said beside the converter (contractSchema.ts), which defineTool.ts reads too; named here for the registry plugin. */
export type { ToolContracts };

const known = new WeakMap<z.ZodType, ContractSchema>();

/** Keeps the contract schemas a tool's module shipped with, for contractSchemaOf. */
export function rememberContracts(tool: ToolDeclaration, contracts: ToolContracts | undefined): void {
  if (!contracts) return;
  if (contracts.result && tool.result !== 'markdown') known.set(tool.result, contracts.result);
  for (const [key, contract] of Object.entries(contracts.followUps ?? {})) {
    const result = tool.followUps?.[key]?.result;
    if (result && result !== 'markdown') known.set(result, contract);
  }
}

/** Keeps a schema the engine derives at run time (a result minus the keys the browser computes) with its contract. */
export function rememberContract(schema: z.ZodType, contract: ContractSchema): void {
  known.set(schema, contract);
}

/** A result schema in the contract's vocabulary. */
export function contractSchemaOf(schema: z.ZodType): ContractSchema {
  const found = known.get(schema);
  if (found) return found;
  // Vite folds this to `true` in a production build, which drops the converter below from the bundle.
  if (import.meta.env?.PROD) {
    throw new Error('This result schema was not converted when the app was built: load tools with loadTool (src/kernel/catalogue.ts), which keeps the schemas the registry plugin converted.');
  }
  const converted = toContractSchema(schema);
  known.set(schema, converted);
  return converted;
}

/** A structured result's contract without some of its properties: what the model is asked for when the browser supplies the rest. */
export function withoutProperties(contract: ContractSchema, keys: readonly string[]): ContractSchema {
  // Built as toContractSchema builds a new z.object of the remaining shape: no description of its own.
  const properties = Object.fromEntries(Object.entries(contract.properties ?? {}).filter(([key]) => !keys.includes(key)));
  const required = (contract.required ?? []).filter((key) => !keys.includes(key));
  return { type: 'OBJECT', properties, ...(required.length > 0 ? { required } : {}) };
}
