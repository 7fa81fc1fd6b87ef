import type { ContractSchema, ContractType, SchemaNode } from './schema';

/*
 * The backend contract describes structured output in an OpenAPI-like subset
 * with upper-case types (Gemini's responseSchema speaks it as it is).
 * OpenAI-compatible servers (response_format json_schema) and Ollama (format)
 * want standard JSON Schema: the same keywords with lower-case types.
 */

export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

/** The contract's vocabulary with JSON Schema's type names. */
export type JsonSchema = SchemaNode<JsonSchemaType>;

const TYPES: Record<ContractType, JsonSchemaType> = {
  STRING: 'string',
  NUMBER: 'number',
  INTEGER: 'integer',
  BOOLEAN: 'boolean',
  ARRAY: 'array',
  OBJECT: 'object',
};

/** Converts a contract schema to JSON Schema, keyword for keyword. */
export function toJsonSchema(schema: ContractSchema): JsonSchema {
  const out: JsonSchema = { type: TYPES[schema.type] };
  if (schema.description !== undefined) out.description = schema.description;
  if (schema.enum !== undefined) out.enum = [...schema.enum];
  if (schema.properties !== undefined) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, child]) => [key, toJsonSchema(child)]),
    );
  }
  if (schema.required !== undefined) out.required = [...schema.required];
  if (schema.items !== undefined) out.items = toJsonSchema(schema.items);
  if (schema.minItems !== undefined) out.minItems = schema.minItems;
  if (schema.maxItems !== undefined) out.maxItems = schema.maxItems;
  if (schema.minimum !== undefined) out.minimum = schema.minimum;
  if (schema.maximum !== undefined) out.maximum = schema.maximum;
  return out;
}

/*
 * Schemas that OpenAI-style hosts accept (findings O2 and O3 in
 * /work/shared/findings/provider-conformance.md):
 * - OpenAI's structured-outputs guide: "Root objects must not be `anyOf` and
 *   must be an object" (https://platform.openai.com/docs/guides/structured-outputs);
 *   the API answers a root array with 400 `schema must be a JSON Schema of
 *   'type: "object"', got 'type: "array"'`
 *   (https://community.openai.com/t/support-top-level-array-in-json-schema/896048).
 *   So a non-object root is wrapped in {items: <schema>} and the answer unwrapped.
 * - Strict mode (the same guide): "All fields must be `required`" and
 *   "`additionalProperties: false` must always be set in objects"; an optional
 *   field is emulated with a union type including "null". Groq documents the
 *   same two rules for strict: true (https://console.groq.com/docs/structured-outputs).
 *   Nulls the model writes for optional properties are stripped from the answer,
 *   so the caller's (zod) schema sees an absent property, as it expects.
 * - The request field itself: response_format {type: 'json_schema', json_schema:
 *   {name, schema, strict}} (openai/openai-node src/resources/shared.ts l.344-388).
 */

/** JSON Schema as sent to OpenAI-style hosts: a type may be a union with "null" (strict optional properties). */
export interface ProviderJsonSchema {
  type: JsonSchemaType | [JsonSchemaType, 'null'];
  description?: string;
  enum?: (string | null)[];
  properties?: Record<string, ProviderJsonSchema>;
  required?: string[];
  additionalProperties?: false;
  items?: ProviderJsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

export interface ProviderSchemaOptions {
  /** Strict structured outputs: additionalProperties false everywhere, every property required, optional ones nullable. */
  strict: boolean;
  /** The host requires an object root: a non-object root is wrapped as {items: <schema>}. */
  objectRoot: boolean;
}

/** The schema to send, and how to turn the host's answer back into what the contract schema describes. */
export interface ProviderSchemaPlan {
  schema: ProviderJsonSchema;
  /** The root was wrapped: the answer is {items: <value>}. */
  wrapped: boolean;
  /** The contract schema (unwrapped), to know which properties were optional when stripping nulls. */
  contract: ContractSchema;
  strict: boolean;
  /** Strict, with optional properties somewhere: the answer may hold nulls to strip, so it must be read whole. */
  stripsNulls: boolean;
}

/** The key a wrapped non-object root lives under. */
export const WRAPPED_ROOT_KEY = 'items';

function providerNode(schema: ContractSchema, strict: boolean, nullable: boolean): ProviderJsonSchema {
  const type = TYPES[schema.type];
  const out: ProviderJsonSchema = { type: nullable ? [type, 'null'] : type };
  if (schema.description !== undefined) out.description = schema.description;
  // A nullable enum must list null too, or null would fail the enum.
  if (schema.enum !== undefined) out.enum = nullable ? [...schema.enum, null] : [...schema.enum];
  if (schema.properties !== undefined) {
    const required = new Set(schema.required ?? []);
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, child]) => [key, providerNode(child, strict, strict && !required.has(key))]),
    );
    if (strict) out.required = Object.keys(schema.properties);
    else if (schema.required !== undefined) out.required = [...schema.required];
    if (strict) out.additionalProperties = false;
  } else if (schema.type === 'OBJECT' && strict) {
    out.additionalProperties = false;
  }
  if (schema.items !== undefined) out.items = providerNode(schema.items, strict, false);
  if (schema.minItems !== undefined) out.minItems = schema.minItems;
  if (schema.maxItems !== undefined) out.maxItems = schema.maxItems;
  if (schema.minimum !== undefined) out.minimum = schema.minimum;
  if (schema.maximum !== undefined) out.maximum = schema.maximum;
  return out;
}

function hasOptionalProperty(schema: ContractSchema): boolean {
  if (schema.properties !== undefined) {
    const required = new Set(schema.required ?? []);
    if (Object.keys(schema.properties).some((key) => !required.has(key))) return true;
    if (Object.values(schema.properties).some(hasOptionalProperty)) return true;
  }
  return schema.items !== undefined && hasOptionalProperty(schema.items);
}

/** The JSON Schema an OpenAI-style host accepts for a contract schema (see the rules above). */
export function toProviderJsonSchema(schema: ContractSchema, options: ProviderSchemaOptions): ProviderSchemaPlan {
  const inner = providerNode(schema, options.strict, false);
  const common = { contract: schema, strict: options.strict, stripsNulls: options.strict && hasOptionalProperty(schema) };
  if (schema.type === 'OBJECT' || !options.objectRoot) return { schema: inner, wrapped: false, ...common };
  const wrapper: ProviderJsonSchema = {
    type: 'object',
    properties: { [WRAPPED_ROOT_KEY]: inner },
    required: [WRAPPED_ROOT_KEY],
    additionalProperties: false,
  };
  return { schema: wrapper, wrapped: true, ...common };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Removes the nulls a strict host writes for optional properties, however deep. */
function stripOptionalNulls(value: unknown, schema: ContractSchema): unknown {
  if (Array.isArray(value)) return schema.items ? value.map((item) => stripOptionalNulls(item, schema.items as ContractSchema)) : value;
  if (!isPlainObject(value) || schema.properties === undefined) return value;
  const required = new Set(schema.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const childSchema = schema.properties[key];
    if (child === null && childSchema !== undefined && !required.has(key)) continue;
    out[key] = childSchema ? stripOptionalNulls(child, childSchema) : child;
  }
  return out;
}

/**
 * The answer's text as the contract schema describes it: unwrapped from
 * {items: …} and without the nulls of optional properties. Text that is not
 * JSON, or not in the wrapped shape, is returned as it is: the caller's
 * validation reports it (and may retry), as it would any malformed answer.
 */
export function fromProviderAnswer(text: string, plan: ProviderSchemaPlan): string {
  if (!plan.wrapped && !plan.stripsNulls) return text;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return text;
  }
  if (plan.wrapped) {
    if (!isPlainObject(value) || !(WRAPPED_ROOT_KEY in value)) return text;
    value = value[WRAPPED_ROOT_KEY];
  }
  if (plan.stripsNulls) value = stripOptionalNulls(value, plan.contract);
  return JSON.stringify(value);
}
