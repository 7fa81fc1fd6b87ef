import type { ZodType } from 'zod';
import { xssPayloads, type XssPayload } from './xssPayloadList';

/*
 * Helpers around the hostile-output corpus of ./xssPayloadList: poisoned
 * examples for the JSON renderers, payload batches, and which payloads a
 * value carries. The corpus and its types are re-exported from here, so
 * tests import everything from this module.
 */

export { hit, XSS_HIT, xssPayloads, type XssCategory, type XssPayload } from './xssPayloadList';

/* ---- Data for the JSON renderers: a tool's example with a payload in every string. ---- */

type Json = unknown;

function mapStrings(value: Json, map: (text: string, path: readonly (string | number)[]) => string, path: (string | number)[] = []): Json {
  if (typeof value === 'string') return map(value, path);
  if (Array.isArray(value)) return value.map((item, i) => mapStrings(item, map, [...path, i]));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map, [...path, k])]));
  }
  return value;
}

function valueAt(value: Json, path: readonly PropertyKey[]): Json {
  let node: Json = value;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, Json>)[key];
  }
  return node;
}

function setAt(value: Json, path: readonly PropertyKey[], next: Json): void {
  let node = value as Record<PropertyKey, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<PropertyKey, Json>;
  const last = path.at(-1);
  if (last !== undefined) node[last] = next;
}

function hasPrefix(path: readonly PropertyKey[], prefix: readonly PropertyKey[]): boolean {
  return prefix.every((key, i) => path[i] === key);
}

/**
 * A copy of `example` whose every string carries a payload, still valid
 * against `schema` (the tool's zod schema), so renderers show it rather than
 * an error. Equal strings get equal replacements (a quiz's answer stays one
 * of its options) and distinct strings stay distinct (a number is appended
 * after the payload); a string the schema will not take with a payload in it
 * (an enum, a fixed value, a length limit) keeps its example value.
 *
 * @param payloadFor which payload the n-th distinct string gets.
 */
export function poisonedExample(example: Json, schema: ZodType | undefined, payloadFor: (n: number) => string): Json {
  const distinct = new Map<string, string>();
  let data = mapStrings(example, (text) => {
    let replaced = distinct.get(text);
    if (replaced === undefined) {
      replaced = `${payloadFor(distinct.size)} ${distinct.size + 1}`;
      distinct.set(text, replaced);
    }
    return replaced;
  });
  if (!schema) return data;
  // Put back the example's value wherever the schema refuses the payload.
  for (let round = 0; round < 20; round += 1) {
    const parsed = schema.safeParse(data);
    if (parsed.success) return data;
    for (const issue of parsed.error.issues) {
      const issuePath = issue.path;
      data = mapStrings(data, (text, path) =>
        hasPrefix(path, issuePath) || hasPrefix(issuePath, path) ? (valueAt(example, path) as string) : text,
      );
      setAt(data, issuePath, valueAt(example, issuePath));
    }
  }
  throw new Error('Could not build payload data that fits the schema.');
}

/** Payload batches for one document: swallowing payloads go last, one per batch. */
export function payloadBatches(payloads: readonly XssPayload[], batches: number): XssPayload[][] {
  const plain = payloads.filter((x) => !x.swallows);
  const swallowing = payloads.filter((x) => x.swallows);
  const count = Math.max(batches, swallowing.length);
  const out: XssPayload[][] = Array.from({ length: count }, () => []);
  plain.forEach((x, i) => out[i % count]!.push(x));
  swallowing.forEach((x, i) => out[i]!.push(x));
  return out;
}

function stringsOf(value: Json, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsOf(v, out));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((v) => stringsOf(v, out));
  return out;
}

/** How many distinct strings a value holds. */
export const distinctStringCount = (value: Json) => new Set(stringsOf(value)).size;

/** The payloads whose text appears, whole, in one of the value's strings. */
export function payloadsIn(value: Json, payloads: readonly XssPayload[] = xssPayloads): XssPayload[] {
  const strings = stringsOf(value);
  return payloads.filter((x) => strings.some((s) => s.includes(x.payload)));
}

/**
 * As few copies of `example` as carry every payload between them, each
 * valid against `schema`: each string holds `perString` payloads (joined by
 * a line break), so one answer can carry the whole corpus. For batching
 * many payloads into one answer in the browser tests.
 */
export function poisonedExamples(
  example: Json,
  schema: ZodType | undefined,
  perString: number,
  payloads: readonly XssPayload[] = xssPayloads,
): { data: Json; payloads: XssPayload[] }[] {
  const out: { data: Json; payloads: XssPayload[] }[] = [];
  let remaining = [...payloads];
  for (let rotation = 0; remaining.length > 0; rotation += 1) {
    if (rotation > payloads.length) throw new Error(`The schema takes none of these payloads: ${remaining.map((x) => x.id).join(', ')}`);
    // Rotating the queue moves payloads a field refuses (a length limit, say) on to other fields.
    const shift = (rotation * perString) % remaining.length;
    const queue = [...remaining.slice(shift), ...remaining.slice(0, shift)];
    const data = poisonedExample(example, schema, (n) => {
      const chunk = queue.slice(n * perString, (n + 1) * perString);
      return (chunk.length > 0 ? chunk : [queue[n % queue.length]!]).map((x) => x.payload).join('\n');
    });
    const carried = payloadsIn(data, remaining);
    if (carried.length === 0) continue;
    out.push({ data, payloads: carried });
    remaining = remaining.filter((x) => !carried.includes(x));
  }
  return out;
}
