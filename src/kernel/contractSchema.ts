import { z } from 'zod';
import { contractTypes, type ContractType, type ContractSchema } from '../providers/schema.ts';

/*
 * The backend contract (spec 7.1) describes structured output with an
 * OpenAPI-like subset: upper-case types plus enum, required, items,
 * properties, description, and the counts (minItems/maxItems, minimum/maximum).
 *
 * We convert zod -> JSON Schema with zod 4's own z.toJSONSchema, then map that
 * JSON Schema onto the contract's vocabulary. Anything the vocabulary cannot
 * say (unions, tuples, references, records) is an error naming the path, so an
 * author learns at test time, not when a model ignores half the schema.
 */

// The vocabulary is the wire format every provider takes, so it lives with the providers; the kernel builds on it.
export { contractTypes, type ContractType, type SchemaNode, type ContractSchema } from '../providers/schema.ts';

export class ContractSchemaError extends Error {}

type JsonSchema = Record<string, unknown>;

const SUPPORTED_KEYS = new Set([
  'type', 'description', 'enum', 'const', 'properties', 'required', 'items', 'additionalProperties',
  'minItems', 'maxItems', 'minimum', 'maximum', 'minLength', 'maxLength', '$schema', 'title', 'default',
]);

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(path: string, why: string): never {
  throw new ContractSchemaError(`Result schema at ${path || '(root)'}: ${why}`);
}

/** zod adds the safe-integer range to every .int(); it says nothing to a model. */
function meaningfulBound(value: unknown): number | undefined {
  if (typeof value !== 'number' || Math.abs(value) >= Number.MAX_SAFE_INTEGER) return undefined;
  return value;
}

function convertNode(node: unknown, path: string): ContractSchema {
  if (!isRecord(node)) fail(path, 'is not a schema object');
  for (const key of Object.keys(node)) {
    if (!SUPPORTED_KEYS.has(key)) fail(path, `"${key}" cannot be expressed in the backend contract (use plain objects, arrays, strings, numbers, booleans and enums)`);
  }
  const out: Partial<ContractSchema> = {};
  if (typeof node.description === 'string') out.description = node.description;

  switch (node.type) {
    case 'string': {
      out.type = 'STRING';
      const values = node.enum ?? (node.const !== undefined ? [node.const] : undefined);
      if (values !== undefined) {
        if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) fail(path, 'enum values must be strings');
        out.enum = values;
      }
      break;
    }
    case 'number':
    case 'integer': {
      out.type = node.type === 'number' ? 'NUMBER' : 'INTEGER';
      const minimum = meaningfulBound(node.minimum);
      const maximum = meaningfulBound(node.maximum);
      if (minimum !== undefined) out.minimum = minimum;
      if (maximum !== undefined) out.maximum = maximum;
      break;
    }
    case 'boolean':
      out.type = 'BOOLEAN';
      break;
    case 'array': {
      out.type = 'ARRAY';
      if (!isRecord(node.items)) fail(path, 'arrays need one item schema (tuples are not supported)');
      out.items = convertNode(node.items, `${path}[]`);
      if (typeof node.minItems === 'number') out.minItems = node.minItems;
      if (typeof node.maxItems === 'number') out.maxItems = node.maxItems;
      break;
    }
    case 'object': {
      out.type = 'OBJECT';
      if (!isRecord(node.properties) || Object.keys(node.properties).length === 0) {
        fail(path, 'objects need named properties (records and empty objects are not supported)');
      }
      out.properties = Object.fromEntries(
        Object.entries(node.properties).map(([key, child]) => [key, convertNode(child, path ? `${path}.${key}` : key)]),
      );
      if (Array.isArray(node.required) && node.required.length > 0) {
        out.required = node.required.filter((k): k is string => typeof k === 'string');
      }
      break;
    }
    default:
      fail(path, `type ${JSON.stringify(node.type)} is not supported`);
  }
  return out as ContractSchema;
}

/** Converts a tool's zod result schema into the contract's responseSchema. */
export function toContractSchema(schema: z.ZodType): ContractSchema {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' });
  } catch (error) {
    throw new ContractSchemaError(`Result schema cannot be converted: ${error instanceof Error ? error.message : String(error)}`);
  }
  return convertNode(json, '');
}

/** What the registry plugin converts per tool: its result and each follow-up call's result. */
export interface ToolContracts {
  result?: ContractSchema;
  followUps?: Readonly<Record<string, ContractSchema>>;
}

/**
 * The part of a tool declaration toolContracts reads, said structurally so
 * this module stays below defineTool.ts (which names ToolContracts) rather
 * than in a cycle with it.
 */
interface ResultSchemas {
  result: 'markdown' | z.ZodType;
  followUps?: Readonly<Record<string, { result: 'markdown' | z.ZodType }>>;
}

/** A tool's result schemas converted, as the registry plugin ships them with the tool's module (resultContracts.ts). */
export function toolContracts(tool: ResultSchemas): ToolContracts {
  const contracts: { result?: ContractSchema; followUps?: Record<string, ContractSchema> } = {};
  if (tool.result !== 'markdown') contracts.result = toContractSchema(tool.result);
  for (const [key, followUp] of Object.entries(tool.followUps ?? {})) {
    if (followUp.result === 'markdown') continue;
    contracts.followUps ??= {};
    contracts.followUps[key] = toContractSchema(followUp.result);
  }
  return contracts;
}
