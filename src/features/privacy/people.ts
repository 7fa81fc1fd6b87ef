import { isPersonal, type Field, type FormValues, type TextField } from '../../kernel/fields';
import { findPersonNames } from './detectNames';
import type { FoundName } from './nameRules';
import { fold, type PersonRole } from './placeholders';

/*
 * Who a form names, one entry per person however often and however they are
 * written: "Siobhan" in the name box and "Siobhan O'Brien" in the notes are
 * one child, one placeholder. Names typed in a name box come first (they are
 * certain), then the ones found in the notes, in the order they appear, then
 * the words the user said are names.
 */

export interface Person {
  /** As typed in a name box, or as first found in the notes: the name put back in the answer. */
  name: string;
  role: PersonRole;
  /** The same person written otherwise in the notes ("Siobhan O’Brien" for a box's "Siobhan"). */
  aliases: string[];
  /** Found in the notes and taken as the person of a blank name box: that box's label. */
  standsInFor?: string;
}

/** Words that join names rather than being one: "Maria and Tom", "van", "de". */
export const NOT_A_NAME_PART = new Set(['and', 'or', '&', 'de', 'da', 'di', 'del', 'der', 'la', 'le', 'van', 'von', 'bin', 'bint', 'al', 'el', 'y', 'e', 'mr', 'mrs', 'ms', 'mx', 'dr', 'miss']);

/** The people in a name box: "Maria Garcia, Tom Lee and Wei" is three. */
export function namesInBox(value: string): string[] {
  return value
    .split(/[\n,;/]+|\s+(?:and|&)\s+/iu)
    .map((name) => name.replace(/^[\s"'“‘(]+|[\s"'”’).:!?]+$/gu, '').replace(/\s+/gu, ' '))
    .filter((name) => name.length >= 2 && /\p{L}/u.test(name));
}

export function roleOf(field: TextField): PersonRole {
  return field.person === 'parent' ? 'Parent' : field.person === 'teacher' ? 'Teacher' : 'Student';
}

const wordsOf = (name: string) => fold(name).split(/\s+/u).filter((word) => word !== '');

/** Whether `inner`'s words stand in a row inside `outer`'s ("siobhan" in "siobhan o'brien"). */
function containsWords(outer: readonly string[], inner: readonly string[]): boolean {
  for (let at = 0; at + inner.length <= outer.length; at++) if (inner.every((word, i) => outer[at + i] === word)) return true;
  return false;
}

/** Accepted words where they stand in a text: found names like any other, placed where they first appear. */
function acceptedIn(text: string, accepted: readonly string[]): FoundName[] {
  const folded = fold(text);
  return accepted.flatMap((word) => {
    const at = folded.search(new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${fold(word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{M}\\p{N}])`, 'u'));
    return at < 0 ? [] : [{ name: word, start: at, titled: false }];
  });
}

/**
 * The people a form names (see the top of this file); `moreText` is a
 * refinement's typed change or a follow-up's own text; `accepted` the words
 * the user said are names. `values` is null for a saved item, which keeps no
 * inputs.
 */
export async function peopleInForm(fields: readonly Field[], values: FormValues | null, moreText: readonly string[] = [], accepted: readonly string[] = []): Promise<Person[]> {
  const people: Person[] = [];
  const personal = fields.filter(isPersonal);
  /** Name boxes left blank, whose person a name in the notes may be: the student's, the one the notes are about. */
  const blankBoxes: TextField[] = [];
  for (const field of personal) {
    const value = values?.[field.name];
    if (field.personal === 'name') {
      const names = typeof value === 'string' ? namesInBox(value) : [];
      names.forEach((name) => people.push({ name, role: roleOf(field), aliases: [] }));
      if (names.length === 0 && values !== null && roleOf(field) === 'Student') blankBoxes.push(field);
    }
  }
  const notes = personal.filter((f) => f.personal === 'text').map((f) => values?.[f.name]).filter((v): v is string => typeof v === 'string');
  const ordered = [...notes, ...moreText];
  for (const text of ordered) {
    const found = [...(await findPersonNames(text)), ...acceptedIn(text, accepted)].sort((a, b) => a.start - b.start);
    for (const name of found) place(people, name, blankBoxes);
  }
  return people;
}

/** A found name: someone already named (skipped, or one more way of writing them), the person of a blank box, or someone new. */
function place(people: Person[], found: FoundName, blankBoxes: TextField[]): void {
  const words = wordsOf(found.name);
  const key = words.join(' ');
  if (people.some((p) => [p.name, ...p.aliases].some((n) => wordsOf(n).join(' ') === key))) return;
  // Only parts of someone named ("Maria", "Mrs Garcia"): that person, whose parts are replaced already.
  const parts = new Set(people.flatMap((p) => [p.name, ...p.aliases].flatMap(wordsOf)));
  if (words.every((word) => parts.has(word))) return;
  const extended = people.find((p) => [p.name, ...p.aliases].some((n) => containsWords(words, wordsOf(n))));
  if (extended) {
    extended.aliases.push(found.name);
    return;
  }
  const box = !found.titled && !found.name.includes('@') ? blankBoxes.shift() : undefined;
  people.push({ name: found.name, role: box ? roleOf(box) : 'Person', aliases: [], ...(box ? { standsInFor: box.label } : {}) });
}
