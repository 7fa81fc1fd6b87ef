import type { ContractSchema } from '../src/kernel/contractSchema';
import { humanize } from '../src/kernel/resultText';

/*
 * Keys and counts are said once: the engine appends the answer
 * format to a structured prompt from the schema the model is sent
 * (src/kernel/schemaBrief.ts), so a prompt template says what to write and
 * never restates the shape. These checks find a template that does: a key of
 * the schema named as a key, or a count of list items in prose (which drifts:
 * essay-buddy asked for "four to six" entries while its schema allowed 3 to 8).
 */

const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
];

/** Plural nouns that count the items of a list; to these come the last word of every list key ("researchQuestions": "questions"). */
const LIST_NOUNS = [
  'items', 'entries', 'elements', 'questions', 'cards', 'flashcards', 'points', 'bullets', 'devices', 'steps', 'precautions',
  'arguments', 'ideas', 'terms', 'keywords', 'highlights', 'slides', 'sprints', 'angles', 'misconceptions', 'options',
  'connections', 'contradictions', 'aids', 'definitions', 'lists', 'reports', 'sections', 'events', 'figures', 'people',
];

/** Words that end a count of something else ("three to five sentences giving the main points"). */
const UNIT_WORDS = '(?:sentences?|words?|minutes?|hours?|seconds?|lines?|paragraphs?|characters?)\\b';

const NUMBER = `(?:\\d+|${NUMBER_WORDS.join('|')})`;

export interface SchemaKey {
  key: string;
  path: string;
}

/** Every key of a schema, nested ones included, with where it is. */
export function keysOf(schema: ContractSchema, path = ''): SchemaKey[] {
  if (schema.type === 'ARRAY' && schema.items) return keysOf(schema.items, `${path}[]`);
  if (schema.type !== 'OBJECT') return [];
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => {
    const here = path ? `${path}.${key}` : key;
    return [{ key, path: here }, ...keysOf(child, here)];
  });
}

/** Every list in a schema with its counts, the root being "(root)". */
export function listsOf(schema: ContractSchema, path = '(root)'): { path: string; key: string; min?: number; max?: number }[] {
  const key = path.split('.').pop()?.replace(/\[\]$/, '') ?? '';
  const own = schema.type === 'ARRAY' ? [{ path, key, min: schema.minItems, max: schema.maxItems }] : [];
  const items = schema.type === 'ARRAY' && schema.items ? listsOf(schema.items, `${path}[]`) : [];
  const properties = Object.entries(schema.properties ?? {}).flatMap(([k, child]) => listsOf(child, path === '(root)' ? k : `${path}.${k}`));
  return [...own, ...items, ...properties];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The template without its {{placeholders}}: field names are not result keys. */
function withoutTags(template: string): string {
  return template.replace(/\{\{[#^/]?[^{}]*\}\}/g, ' ');
}

/**
 * Where a template names a result key as a key: in backticks or quotes, as
 * "key:" (a bullet or a line of its own), or at all when the key is not an
 * English word (introParagraph, week1, levelA2).
 */
export function restatedKeys(template: string, schema: ContractSchema): string[] {
  const text = withoutTags(template);
  const problems: string[] = [];
  for (const name of new Set(keysOf(schema).map((k) => k.key))) {
    const word = escape(name);
    const identifier = /[A-Z0-9_]/.test(name);
    const patterns = [
      new RegExp(`[\`"'“‘]${word}[\`"'”’]`),
      new RegExp(`(^|\\n)[ \\t]*(?:[-*•]|\\d+[.)])?[ \\t]*${word}[ \\t]*:`, 'i'),
      ...(identifier ? [new RegExp(`(?<![A-Za-z0-9_])${word}(?![A-Za-z0-9_])`)] : []),
    ];
    const hit = patterns.map((p) => text.match(p)).find((m) => m !== null);
    if (hit) problems.push(`names the result key "${name}" ("${hit[0].trim()}"); the engine states keys from the schema`);
  }
  return problems;
}

function asNumber(word: string): number {
  const index = NUMBER_WORDS.indexOf(word.toLowerCase());
  return index >= 0 ? index : Number(word);
}

function boundsText(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && min === max) return `exactly ${min}`;
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  if (max !== undefined) return `up to ${max}`;
  if (min !== undefined) return `at least ${min}`;
  return 'no count';
}

/**
 * Counts of list items the template states ("four to six entries", "exactly
 * 5 questions", "3 to 8 of the most important terms"), each with what the
 * schema says for the lists it could mean. Counts belong to the schema only,
 * so every one is a problem; one that disagrees says so.
 */
export function statedCounts(template: string, schema: ContractSchema): string[] {
  const lists = listsOf(schema);
  const keyNouns = lists.map((l) => humanize(l.key).split(' ').pop()?.toLowerCase() ?? '').filter((w) => w.endsWith('s'));
  const nouns = [...new Set([...LIST_NOUNS, ...keyNouns])].map(escape).join('|');
  const pattern = new RegExp(
    `\\b(${NUMBER})(?:\\s*(?:to|and|or|-|–)\\s*(${NUMBER}))?\\s+(?:(?!${UNIT_WORDS})[A-Za-z'-]+\\s+){0,4}?(${nouns})\\b`,
    'gi',
  );
  const problems: string[] = [];
  for (const match of withoutTags(template).matchAll(pattern)) {
    const lo = asNumber(match[1] ?? '');
    const hi = match[2] ? asNumber(match[2]) : lo;
    const agrees = lists.some((l) => l.min === lo && l.max === hi);
    const schemaSays = [...new Set(lists.map((l) => `${l.path}: ${boundsText(l.min, l.max)}`))].join('; ');
    problems.push(
      `states a count in prose ("${match[0].replace(/\s+/g, ' ')}")${agrees ? '' : `, which disagrees with the schema (${schemaSays || 'no lists'})`}; the engine states counts from the schema`,
    );
  }
  return problems;
}

/** Everything a template restates of its result schema. */
export function promptFormatProblems(template: string, schema: ContractSchema): string[] {
  return [...restatedKeys(template, schema), ...statedCounts(template, schema)];
}
