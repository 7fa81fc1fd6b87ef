import type { ContractSchema } from '../contractSchema';

/** A value that fits the schema, for calls that have no registry example to answer with. */
export function sampleFromSchema(schema: ContractSchema, label = 'Sample'): unknown {
  switch (schema.type) {
    case 'STRING':
      return schema.enum?.[0] ?? `${label} text`;
    case 'NUMBER':
    case 'INTEGER':
      return schema.minimum ?? 1;
    case 'BOOLEAN':
      return true;
    case 'ARRAY': {
      const count = Math.max(schema.minItems ?? 1, 1);
      return Array.from({ length: Math.min(count, schema.maxItems ?? count) }, (_, i) =>
        sampleFromSchema(schema.items ?? { type: 'STRING' }, `${label} ${i + 1}`),
      );
    }
    case 'OBJECT':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sampleFromSchema(child, key)]),
      );
  }
}
