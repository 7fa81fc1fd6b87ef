/*
 * Bounds on a response schema (the contract's `config.responseSchema`), the
 * one part of a request whose cost is not proportional to its bytes: 185
 * bytes of nested `minItems: 1000` ask for 10^9 values, and a few thousand
 * nested levels overflow any recursive reader. The gateway checks these
 * before anything recursive (zod, a provider, the sample answerer) sees the
 * schema; the registry contract test holds every tool's schema to the same
 * bounds, so an author learns of a schema the gateway would refuse at test
 * time. The largest of the 51 tools today: depth 5, 10 nodes, minItems 8,
 * maxItems 30, 3 enum values, 6 properties, an answer of about 60 values.
 *
 * The depth and the totals are also the strictest a provider documents, so a
 * schema the gateway lets through is one every provider takes: OpenAI's
 * structured outputs allow "up to 5000 object properties total, with up to 10
 * levels of nesting", "up to 1000 enum values across all enum properties", and
 * 120,000 characters of property names and enum values in all
 * (https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas).
 * OpenAI also wants an object root, so a root that is not an object is sent
 * wrapped in one (src/providers/jsonSchema.ts): its depth counts that level too.
 * Gemini names no numbers, only a 400 for schemas too "complex". The 5000
 * properties never bind: 500 schemas in all come first.
 */

export const SCHEMA_LIMITS = {
  /** Nesting of schemas (an object's property, an array's items), the root being 1; a non-object root counts one more for its wrapper. */
  maxDepth: 10,
  /** Schemas in the whole tree. */
  maxNodes: 500,
  /** The largest minItems or maxItems. */
  maxItemsBound: 200,
  /** Enum values of one schema. */
  maxEnumValues: 100,
  /** Enum values of all the schema's enums together. */
  maxEnumValuesTotal: 1_000,
  maxEnumValueLength: 200,
  maxPropertiesPerObject: 100,
  /**
   * Characters in a property's name. A sample answer writes the name into
   * every string below it, so a 261 KB name made a 418 MB answer; the
   * registry's longest is under 30.
   */
  maxPropertyNameLength: 100,
  /** Characters of all property names and string enum values together. */
  maxNamesAndEnumCharacters: 120_000,
  maxDescriptionLength: 1_000,
  /** Values in the smallest answer that fits (every property, each array at its minItems, at least one item). */
  maxAnswerValues: 2_000,
} as const;

export type SchemaLimits = { [K in keyof typeof SCHEMA_LIMITS]: number };

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function countOf(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** What is wrong with one schema node, looked at alone. */
function nodeProblem(node: Json, where: string, limits: SchemaLimits): string | undefined {
  for (const key of ['minItems', 'maxItems'] as const) {
    const count = countOf(node[key]);
    if (count !== undefined && count > limits.maxItemsBound) {
      return `${where}: ${key} is ${count}; the limit is ${limits.maxItemsBound}.`;
    }
  }
  const min = countOf(node.minItems);
  const max = countOf(node.maxItems);
  if (min !== undefined && max !== undefined && min > max) return `${where}: minItems (${min}) is above maxItems (${max}).`;
  if (Array.isArray(node.enum)) {
    if (node.enum.length > limits.maxEnumValues) {
      return `${where}: enum has ${node.enum.length} values; the limit is ${limits.maxEnumValues}.`;
    }
    if (node.enum.some((value) => typeof value === 'string' && value.length > limits.maxEnumValueLength)) {
      return `${where}: an enum value is longer than ${limits.maxEnumValueLength} characters.`;
    }
  }
  if (typeof node.description === 'string' && node.description.length > limits.maxDescriptionLength) {
    return `${where}: description is longer than ${limits.maxDescriptionLength} characters.`;
  }
  if (isRecord(node.properties)) {
    const names = Object.keys(node.properties);
    if (names.length > limits.maxPropertiesPerObject) {
      return `${where}: ${names.length} properties; the limit is ${limits.maxPropertiesPerObject} per object.`;
    }
    const long = names.find((name) => name.length > limits.maxPropertyNameLength);
    if (long !== undefined) {
      // The name's start only: the message should not hand back a name of any length.
      return `${where}: a property name is ${long.length} characters long ("${long.slice(0, 20)}…"); the limit is ${limits.maxPropertyNameLength}.`;
    }
  }
  return undefined;
}

interface Visit {
  node: unknown;
  depth: number;
  where: string;
}

/**
 * Values in the smallest answer the sample answerer (and a model) would give:
 * every property, each array at max(minItems, 1) items. Recursive, so call it
 * only on a tree whose depth is already bounded; it stops counting past `cap`.
 */
export function answerValues(node: unknown, cap: number): number {
  if (!isRecord(node)) return 1;
  if (node.type === 'ARRAY') {
    const count = Math.max(countOf(node.minItems) ?? 1, 1);
    const each = answerValues(node.items ?? { type: 'STRING' }, cap);
    return Math.min(cap + 1, 1 + count * each);
  }
  if (node.type === 'OBJECT' && isRecord(node.properties)) {
    let total = 1;
    for (const child of Object.values(node.properties)) {
      total += answerValues(child, cap);
      if (total > cap) return cap + 1;
    }
    return total;
  }
  return 1;
}

/** The depth the root starts at: 2 when providers wrap it in an object (it is not one), else 1. */
function rootDepth(schema: unknown): number {
  return isRecord(schema) && schema.type !== undefined && schema.type !== 'OBJECT' ? 2 : 1;
}

/** Enum values and the characters of names and enum values one node adds to the schema's totals. */
function nodeTotals(node: Json): { enumValues: number; characters: number } {
  const values = Array.isArray(node.enum) ? node.enum : [];
  let characters = 0;
  for (const value of values) if (typeof value === 'string') characters += value.length;
  if (isRecord(node.properties)) for (const name of Object.keys(node.properties)) characters += name.length;
  return { enumValues: values.length, characters };
}

/**
 * The first bound a schema breaks, as a sentence naming the place and the
 * limit; undefined when it keeps them all. Iterative, so a schema nested
 * deeper than any stack cannot overflow it; it stops at the first problem.
 * Shapes it does not understand (a string where a schema should be) are left
 * to the schema's validator: this looks only at size.
 */
export function schemaBoundsProblem(schema: unknown, limits: SchemaLimits = SCHEMA_LIMITS): string | undefined {
  const stack: Visit[] = [{ node: schema, depth: rootDepth(schema), where: 'responseSchema' }];
  let nodes = 0;
  let enumValues = 0;
  let characters = 0;
  while (stack.length > 0) {
    const { node, depth, where } = stack.pop() as Visit;
    if (!isRecord(node)) continue;
    nodes += 1;
    if (nodes > limits.maxNodes) return `responseSchema has more than ${limits.maxNodes} schemas; that is the limit.`;
    if (depth > limits.maxDepth) {
      return `${where}: the answer format nests more than ${limits.maxDepth} levels (a root that is not an object counts one more, for the object providers wrap it in); providers accept at most ${limits.maxDepth}.`;
    }
    const problem = nodeProblem(node, where, limits);
    if (problem) return problem;
    const totals = nodeTotals(node);
    enumValues += totals.enumValues;
    characters += totals.characters;
    if (enumValues > limits.maxEnumValuesTotal) {
      return `responseSchema: the answer format has more than ${limits.maxEnumValuesTotal} enum values in all; providers accept at most ${limits.maxEnumValuesTotal}.`;
    }
    if (characters > limits.maxNamesAndEnumCharacters) {
      return `responseSchema: the answer format's property names and enum values come to more than ${limits.maxNamesAndEnumCharacters} characters; providers accept at most ${limits.maxNamesAndEnumCharacters}.`;
    }
    if (isRecord(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) stack.push({ node: child, depth: depth + 1, where: `${where}.properties.${key}` });
    }
    if (node.items !== undefined) stack.push({ node: node.items, depth: depth + 1, where: `${where}.items` });
  }
  const values = answerValues(schema, limits.maxAnswerValues);
  if (values > limits.maxAnswerValues) {
    return `responseSchema asks for an answer of more than ${limits.maxAnswerValues} values (counting each array at its minItems); that is the limit.`;
  }
  return undefined;
}
