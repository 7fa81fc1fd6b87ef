import type { ContractSchema, ContractType } from '../contractSchema';

/*
 * The backend contract describes structured output in an OpenAPI-like subset
 * with upper-case types (Gemini's responseSchema speaks it as it is).
 * OpenAI-compatible servers (response_format json_schema) and Ollama (format)
 * want standard JSON Schema: the same keywords with lower-case types.
 */

export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

export interface JsonSchema {
  type: JsonSchemaType;
  description?: string;
  enum?: string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

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
