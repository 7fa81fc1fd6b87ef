import type { ContractSchema } from '../contractSchema';
import { SCHEMA_LIMITS } from '../schemaBounds';
import { jsonNumberBytes, jsonStringBytes } from './jsonBytes';

/** The schema asks for more values, or more bytes, than a sample may hold. */
export class SampleTooLargeError extends Error {
  override name = 'SampleTooLargeError';
}

export interface SampleLimits {
  /** Values built in all (strings, numbers, booleans, arrays and objects). */
  maxValues: number;
  /** Bytes of the answer as JSON (UTF-8), the way the gateway sends it. */
  maxBytes: number;
}

/**
 * A sample answer's bounds. Counting values alone let one long property name
 * (copied into every string below it) turn 261 KB of request into a 418 MB
 * answer; counted in bytes too, nothing a schema asks for can pass 256 KB.
 * The registry's largest answer built this way is under 4 KB.
 */
export const SAMPLE_LIMITS: SampleLimits = { maxValues: SCHEMA_LIMITS.maxAnswerValues, maxBytes: 256 * 1024 };

/**
 * A value that fits the schema, for calls that have no registry example to
 * answer with. It builds at most `limits.maxValues` values and
 * `limits.maxBytes` bytes of JSON, counting each piece's size before making
 * it, and never recurses deeper than SCHEMA_LIMITS.maxDepth: a schema asking
 * for more is refused with SampleTooLargeError rather than answered with
 * gigabytes (the gateway checks the schema's bounds first; this is the
 * answerer's own guard, which the browser's sample backend relies on too).
 */
export function sampleFromSchema(schema: ContractSchema, label = 'Sample', limits: SampleLimits = SAMPLE_LIMITS): unknown {
  let valuesLeft = limits.maxValues;
  let bytesLeft = limits.maxBytes;
  const tooMany = () => new SampleTooLargeError(`The schema asks for an answer of more than ${limits.maxValues} values.`);
  const spend = (bytes: number) => {
    bytesLeft -= bytes;
    if (bytesLeft < 0) throw new SampleTooLargeError(`The schema asks for an answer larger than ${Math.floor(limits.maxBytes / 1024)} KB.`);
  };

  /** `name` is what a string below is called after; `nameBytes` its size inside a JSON string, counted once. */
  const build = (node: ContractSchema, name: string, nameBytes: number, depth: number): unknown => {
    valuesLeft -= 1;
    if (valuesLeft < 0) throw tooMany();
    if (depth > SCHEMA_LIMITS.maxDepth) throw new SampleTooLargeError(`The schema is nested deeper than ${SCHEMA_LIMITS.maxDepth} levels.`);
    switch (node.type) {
      case 'STRING': {
        const chosen = node.enum?.[0];
        if (chosen !== undefined) {
          spend(jsonStringBytes(chosen) + 2);
          return chosen;
        }
        spend(nameBytes + ' text'.length + 2);
        return `${name} text`;
      }
      case 'NUMBER':
      case 'INTEGER': {
        const value = node.minimum ?? 1;
        spend(jsonNumberBytes(value));
        return value;
      }
      case 'BOOLEAN':
        spend('true'.length);
        return true;
      case 'ARRAY': {
        const count = Math.max(node.minItems ?? 1, 1);
        const length = Math.min(count, node.maxItems ?? count);
        if (length > valuesLeft) throw tooMany();
        // The brackets, and a comma between two items.
        spend(2 + Math.max(length - 1, 0));
        return Array.from({ length }, (_, i) => {
          const suffix = ` ${i + 1}`;
          return build(node.items ?? { type: 'STRING' }, `${name}${suffix}`, nameBytes + suffix.length, depth + 1);
        });
      }
      case 'OBJECT': {
        const entries = Object.entries(node.properties ?? {});
        spend(2 + Math.max(entries.length - 1, 0));
        return Object.fromEntries(
          entries.map(([key, child]) => {
            const keyBytes = jsonStringBytes(key);
            // The key in quotes and its colon.
            spend(keyBytes + 3);
            return [key, build(child, key, keyBytes, depth + 1)];
          }),
        );
      }
    }
  };
  return build(schema, label, jsonStringBytes(label), 1);
}
