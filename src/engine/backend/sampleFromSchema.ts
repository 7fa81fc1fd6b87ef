import type { ContractSchema } from '../contractSchema';
import { SCHEMA_LIMITS } from '../schemaBounds';

/** The schema asks for more values than a sample may hold. */
export class SampleTooLargeError extends Error {
  override name = 'SampleTooLargeError';
}

/**
 * A value that fits the schema, for calls that have no registry example to
 * answer with. It builds at most `budget` values and never recurses deeper
 * than SCHEMA_LIMITS.maxDepth: a schema asking for more is refused with
 * SampleTooLargeError rather than answered with gigabytes (the gateway checks
 * the same bounds first; this is the answerer's own guard).
 */
export function sampleFromSchema(schema: ContractSchema, label = 'Sample', budget: number = SCHEMA_LIMITS.maxAnswerValues): unknown {
  let left = budget;
  const build = (node: ContractSchema, name: string, depth: number): unknown => {
    left -= 1;
    if (left < 0) throw new SampleTooLargeError(`The schema asks for an answer of more than ${budget} values.`);
    if (depth > SCHEMA_LIMITS.maxDepth) throw new SampleTooLargeError(`The schema is nested deeper than ${SCHEMA_LIMITS.maxDepth} levels.`);
    switch (node.type) {
      case 'STRING':
        return node.enum?.[0] ?? `${name} text`;
      case 'NUMBER':
      case 'INTEGER':
        return node.minimum ?? 1;
      case 'BOOLEAN':
        return true;
      case 'ARRAY': {
        const count = Math.max(node.minItems ?? 1, 1);
        const length = Math.min(count, node.maxItems ?? count);
        if (length > left) throw new SampleTooLargeError(`The schema asks for an answer of more than ${budget} values.`);
        return Array.from({ length }, (_, i) => build(node.items ?? { type: 'STRING' }, `${name} ${i + 1}`, depth + 1));
      }
      case 'OBJECT':
        return Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, child]) => [key, build(child, key, depth + 1)]));
    }
  };
  return build(schema, label, 1);
}
