import type { Backend } from '../backend/types';
import { holdsPersonalData, isPersonal, type Field, type FormValues, type TextField } from '../fields';
import { detectPersonNames, isEnglishWord } from './detectNames';
import { fold, hideNames, NO_PSEUDONYMS, revealInValue, revealNames, typedByUser, withoutPartialPlaceholder, type HiddenName, type PersonRole, type Pseudonyms } from './placeholders';

/*
 * Which names a form's request hides (issue 17): every name typed in a field
 * declared `personal: 'name'` (several in one box, split at commas, "and"
 * or new lines), and the names found in boxes declared `personal: 'text'`.
 * Each person gets a placeholder by role ("Student A", "Parent A"); a first
 * or last name on its own is the same person's placeholder, unless two
 * people share it ("Garcia" for a student and her mother), when it becomes
 * a family's ("Family A"). A placeholder the user typed themselves is never
 * handed out.
 */

/** Words that join names rather than being one: "Maria and Tom", "van", "de". */
const NOT_A_NAME_PART = new Set(['and', 'or', '&', 'de', 'da', 'di', 'del', 'der', 'la', 'le', 'van', 'von', 'bin', 'bint', 'al', 'el', 'y', 'e', 'mr', 'mrs', 'ms', 'mx', 'dr', 'miss']);

/** The people in a name box: "Maria Garcia, Tom Lee and Wei" is three. */
export function namesInBox(value: string): string[] {
  return value
    .split(/[\n,;/]+|\s+(?:and|&)\s+/iu)
    .map((name) => name.replace(/^[\s"'“‘(]+|[\s"'”’).:!?]+$/gu, '').replace(/\s+/gu, ' '))
    .filter((name) => name.length >= 2 && /\p{L}/u.test(name));
}

function roleOf(field: TextField): PersonRole {
  return field.person === 'parent' ? 'Parent' : field.person === 'teacher' ? 'Teacher' : 'Student';
}

/** A, B, ... Z, AA, AB: the letters of the nth placeholder. */
function letters(n: number): string {
  return n < 26 ? String.fromCharCode(65 + n) : letters(Math.floor(n / 26) - 1) + String.fromCharCode(65 + (n % 26));
}

export interface Person {
  name: string;
  role: PersonRole;
}

/**
 * The people a form names: declared names first (they are certain), then the
 * ones found in its personal text and in `moreText` (a refinement's typed
 * change, a follow-up's own text). `values` is null for a saved item, which
 * keeps no inputs.
 */
export async function peopleInForm(fields: readonly Field[], values: FormValues | null, moreText: readonly string[] = []): Promise<Person[]> {
  const people: Person[] = [];
  const seen = new Set<string>();
  const add = (name: string, role: PersonRole) => {
    const key = fold(name);
    if (seen.has(key)) return;
    seen.add(key);
    people.push({ name, role });
  };
  const personal = fields.filter(isPersonal);
  const texts = [...moreText];
  for (const field of personal) {
    const value = values?.[field.name];
    if (typeof value !== 'string') continue;
    if (field.personal === 'name') namesInBox(value).forEach((name) => add(name, roleOf(field)));
    else texts.push(value);
  }
  // A found name that is only parts of a named person ("Maria", "Mrs Garcia") is that person, not someone new.
  const partsOfNamed = new Set(people.flatMap((person) => fold(person.name).split(/\s+/u)));
  for (const text of texts) {
    for (const name of await detectPersonNames(text)) {
      if (!fold(name).split(/\s+/u).every((part) => partsOfNamed.has(part))) add(name, 'Person');
    }
  }
  return people;
}

/** The placeholders for these people, none of them a string the user typed. */
export async function pseudonymsFor(people: readonly Person[], typedText: string): Promise<Pseudonyms> {
  const typed = fold(typedText);
  const counters = new Map<PersonRole, number>();
  const next = (role: PersonRole) => {
    for (;;) {
      const n = counters.get(role) ?? 0;
      counters.set(role, n + 1);
      const placeholder = `${role} ${letters(n)}`;
      // "Student A" typed by the user stays theirs: the next letter is used.
      if (!typedByUser(typed, placeholder)) return placeholder;
    }
  };
  const names: HiddenName[] = [];
  const owners = new Map<string, Set<string>>();
  const fullNames = new Map<string, string>();
  for (const person of people) {
    const placeholder = next(person.role);
    fullNames.set(fold(person.name), placeholder);
    names.push({ name: person.name, placeholder, isWord: await isEnglishWord(person.name) });
    const parts = person.name.split(/\s+/u).filter((part) => part.length >= 2 && !NOT_A_NAME_PART.has(fold(part).replace(/\.$/, '')));
    // A one-word name has no parts; "Mrs Okafor" has one: Okafor.
    if (parts.length === 1 && fold(parts[0]!) === fold(person.name)) continue;
    for (const part of parts) {
      const key = fold(part);
      if (!owners.has(key)) owners.set(key, new Set());
      owners.get(key)!.add(placeholder);
    }
  }
  const partNames = new Map<string, string>();
  for (const person of people) {
    for (const part of person.name.split(/\s+/u)) {
      const key = fold(part);
      const owner = owners.get(key);
      if (!owner || partNames.has(key) || fullNames.has(key)) continue;
      partNames.set(key, part);
      const placeholder = owner.size === 1 ? [...owner][0]! : next('Family');
      names.push({ name: part, placeholder, isWord: await isEnglishWord(part) });
    }
  }
  // Longest first: "Maria Garcia" before "Maria", so a full name becomes one placeholder.
  names.sort((a, b) => b.name.length - a.name.length);
  return { names, typed };
}

/** Everything typed into a form, as one text: where a user's own "Student A" is looked for. */
export function typedText(values: FormValues): string {
  return Object.values(values)
    .filter((value): value is string => typeof value === 'string')
    .join('\n');
}

/**
 * The pseudonyms a form's request uses (with `moreText`: see peopleInForm):
 * none when no field is personal or nothing personal was typed.
 */
export async function pseudonymsForForm(fields: readonly Field[], values: FormValues | null, moreText: readonly string[] = []): Promise<Pseudonyms> {
  if (!holdsPersonalData(fields)) return NO_PSEUDONYMS;
  const people = await peopleInForm(fields, values, moreText);
  if (people.length === 0) return NO_PSEUDONYMS;
  return pseudonymsFor(people, [values ? typedText(values) : '', ...moreText].join('\n'));
}

/** What a pseudonymising backend noticed in its answers. */
export interface PseudonymReport {
  /** Placeholders an answer held that stand for no name: the model changed or invented one. */
  unmapped: string[];
}

/**
 * A backend whose requests carry placeholders instead of names, and whose
 * answers carry the names again: the prompt (first answer, repair retry or
 * refinement) is pseudonymised as a whole, the answer is put back whole, and
 * the streamed preview is put back as it grows (half a placeholder at its end
 * is held back until the rest arrives).
 */
export function pseudonymisingBackend(backend: Backend, pseudonyms: Pseudonyms, report: PseudonymReport): Backend {
  if (pseudonyms.names.length === 0) return backend;
  const note = (unmapped: readonly string[]) => unmapped.forEach((p) => report.unmapped.includes(p) || report.unmapped.push(p));
  return {
    kind: backend.kind,
    async generate(request) {
      const json = request.responseSchema !== undefined;
      // Inside a streamed JSON string a name is written escaped ("O\"Brien" never, but a backslash or quote might be typed).
      const quote = json ? (name: string) => JSON.stringify(name).slice(1, -1) : undefined;
      const onText = request.onText;
      const answer = await backend.generate({
        ...request,
        prompt: hideNames(request.prompt, pseudonyms),
        ...(onText ? { onText: (soFar: string) => onText(revealNames(withoutPartialPlaceholder(soFar), pseudonyms, quote).text) } : {}),
      });
      if (typeof answer === 'string') {
        const revealed = revealNames(answer, pseudonyms);
        note(revealed.unmapped);
        return revealed.text;
      }
      const revealed = revealInValue(answer, pseudonyms);
      note(revealed.unmapped);
      return revealed.value;
    },
  };
}
