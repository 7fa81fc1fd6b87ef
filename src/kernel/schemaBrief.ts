import type { ContractSchema } from './contractSchema';

/*
 * The answer format, said once, from the schema. A structured
 * tool's prompt says what to write; the engine appends this brief, written
 * from the same contract schema the provider receives, so keys, types,
 * counts, enum values and optional keys cannot drift from the prose. Meaning
 * a key needs beyond its shape belongs in the schema as `.describe('...')`.
 *
 * Framework-free and pure: a ContractSchema in, plain English out, bounded in
 * length (longer briefs first lose long descriptions, then all descriptions,
 * then are cut off with a note that the attached schema has the rest).
 */

/** The longest brief appended to a prompt, in characters. */
export const MAX_BRIEF_LENGTH = 3_000;

/** A description that only restates the key ("Thesis" for `thesis`) says nothing to a model. */
function restatesKey(key: string, description: string): boolean {
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return squash(description) === squash(key);
}

interface Detail {
  /** Longest description kept, in characters; 0 drops them all. */
  descriptionLength: number;
}

function describeText(description: string | undefined, key: string | undefined, detail: Detail): string {
  const text = description?.trim().replace(/\s+/g, ' ');
  if (!text || detail.descriptionLength === 0 || (key !== undefined && restatesKey(key, text))) return '';
  const kept = text.length > detail.descriptionLength ? `${text.slice(0, detail.descriptionLength - 1).trimEnd()}…` : text;
  return ` — ${kept}`;
}

function quoted(values: readonly string[]): string {
  const each = values.map((v) => JSON.stringify(v));
  if (each.length <= 1) return each.join('');
  return `${each.slice(0, -1).join(', ')} or ${each[each.length - 1]}`;
}

function numberRange(node: ContractSchema): string {
  const { minimum: min, maximum: max } = node;
  if (min !== undefined && max !== undefined) return min === max ? ` equal to ${min}` : ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

function count(node: ContractSchema): string {
  const { minItems: min, maxItems: max } = node;
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}` : min === 0 ? `up to ${max}` : `${min} to ${max}`;
  if (min !== undefined && min > 0) return `at least ${min}`;
  if (max !== undefined) return `up to ${max}`;
  return 'any number of';
}

/** What a scalar is, in words: "text", "a whole number from 1 to 50", "one of "work" or "break"". */
function scalar(node: ContractSchema, plural: boolean): string {
  switch (node.type) {
    case 'STRING':
      if (node.enum && node.enum.length > 0) return `${plural ? 'texts, each ' : ''}one of ${quoted(node.enum)}`;
      return plural ? 'texts' : 'text';
    case 'INTEGER':
      return `${plural ? 'whole numbers' : 'a whole number'}${numberRange(node)}`;
    case 'NUMBER':
      return `${plural ? 'numbers' : 'a number'}${numberRange(node)}`;
    case 'BOOLEAN':
      return plural ? 'true/false values' : 'true or false';
    default:
      return plural ? 'values' : 'a value';
  }
}

/**
 * One schema node as a phrase ("a list of 3 to 8 texts"), the words that
 * introduce its keys when it has any (an object's, or its items'), and the
 * indented lines of those keys.
 */
function phrase(node: ContractSchema, indent: string, detail: Detail): { head: string; keysIntro: string; lines: string[] } {
  if (node.type === 'OBJECT') {
    return { head: 'an object', keysIntro: ' with these keys:', lines: objectLines(node, indent, detail) };
  }
  if (node.type === 'ARRAY' && node.items) {
    const items = node.items;
    const empty = node.minItems === undefined || node.minItems === 0 ? ' (may be empty)' : '';
    const many = count(node);
    const itemNote = describeText(items.description, undefined, detail);
    if (items.type === 'OBJECT') {
      return { head: `a list of ${many} objects${empty}${itemNote}`, keysIntro: ', each with these keys:', lines: objectLines(items, indent, detail) };
    }
    if (items.type === 'ARRAY') {
      const inner = phrase(items, indent, detail);
      return { head: `a list of ${many} lists${empty}, each ${inner.head}${itemNote}`, keysIntro: inner.keysIntro, lines: inner.lines };
    }
    return { head: `a list of ${many} ${scalar(items, true)}${empty}${itemNote}`, keysIntro: '', lines: [] };
  }
  return { head: scalar(node, false), keysIntro: '', lines: [] };
}

function objectLines(node: ContractSchema, indent: string, detail: Detail): string[] {
  const required = new Set(node.required ?? []);
  const lines: string[] = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const { head, keysIntro, lines: inner } = phrase(child, `${indent}  `, detail);
    const optional = required.has(key) ? '' : ' (optional: leave it out if it does not apply)';
    const note = describeText(child.description, key, detail);
    lines.push(`${indent}- \`${key}\`${optional}: ${head}${note}${keysIntro}`, ...inner);
  }
  return lines;
}

function render(schema: ContractSchema, detail: Detail): string {
  const { head, keysIntro, lines } = phrase(schema, '', detail);
  const rootNote = describeText(schema.description, undefined, detail);
  const intro = `Answer format: reply with only JSON, ${head}${rootNote}${keysIntro || '.'}`;
  const keysNote = lines.length > 0 ? '\nEvery key is required unless marked optional; use exactly these key names and no others.' : '';
  return [intro + keysNote, ...lines].join('\n');
}

/**
 * The answer-format brief for a contract schema: every key with its type,
 * description, whether it is optional, enum values and list counts, nested
 * objects and lists included. At most `maxLength` characters.
 */
export function schemaBrief(schema: ContractSchema, maxLength: number = MAX_BRIEF_LENGTH): string {
  for (const descriptionLength of [Infinity, 160, 60, 0]) {
    const brief = render(schema, { descriptionLength });
    if (brief.length <= maxLength) return brief;
  }
  const note = '\n… (cut short: the attached response schema has the rest)';
  const bare = render(schema, { descriptionLength: 0 });
  const cut = bare.slice(0, Math.max(0, maxLength - note.length));
  return `${cut.slice(0, Math.max(cut.lastIndexOf('\n'), 0))}${note}`.slice(0, maxLength);
}

/** A rendered prompt with the answer format appended. */
export function withSchemaBrief(prompt: string, schema: ContractSchema): string {
  return `${prompt}\n\n${schemaBrief(schema)}`;
}
