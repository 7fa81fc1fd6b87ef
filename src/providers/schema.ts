/*
 * The structured-output vocabulary of the backend contract (spec 7.1): an
 * OpenAPI-like subset with upper-case types plus enum, required, items,
 * properties, description and the counts. It is what every provider is given
 * and what the gateway reads from the network, so it sits in the providers'
 * room, below the kernel, which converts tools' zod schemas into it
 * (src/kernel/contractSchema.ts).
 */

export const contractTypes = ['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT'] as const;
export type ContractType = (typeof contractTypes)[number];

/**
 * The vocabulary, written once, over a set of type names: the contract's
 * upper-case ones (and Gemini's), or JSON Schema's lower-case ones for
 * OpenAI-style hosts and Ollama (providers/jsonSchema.ts). The gateway's
 * validator (contractSchemaShape.ts) is typed against it.
 */
export interface SchemaNode<T extends string> {
  type: T;
  description?: string;
  enum?: string[];
  properties?: Record<string, SchemaNode<T>>;
  required?: string[];
  items?: SchemaNode<T>;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

export type ContractSchema = SchemaNode<ContractType>;
