import type { Backend } from '../../kernel/backend/types';
import { holdsPersonalData, type Field, type FormValues } from '../../kernel/fields';
import { isEnglishWord } from './detectNames';
import { fold, hideNames, NO_PSEUDONYMS, revealInValue, revealNames, typedByUser, withoutPartialPlaceholder, type HiddenName, type PersonRole, type Pseudonyms } from './placeholders';
import { NOT_A_NAME_PART, peopleInForm, type Person } from './people';

export { namesInBox, peopleInForm, type Person } from './people';

/*
 * Which names a form's request hides: every name typed in a field declared
 * `personal: 'name'` (several in one box, split at commas, "and" or new
 * lines), the names found in boxes declared `personal: 'text'`, and the
 * words the user said are names. Each person gets a placeholder by role
 * ("Student A", "Parent A"), for every way they are written; a first or
 * last name on its own is the same person's placeholder, unless two people
 * share it ("Garcia" for a student and her mother), when it becomes a
 * family's ("Family A"). A placeholder the user typed themselves is never
 * handed out.
 */

/** A, B, ... Z, AA, AB: the letters of the nth placeholder. */
function letters(n: number): string {
  return n < 26 ? String.fromCharCode(65 + n) : letters(Math.floor(n / 26) - 1) + String.fromCharCode(65 + (n % 26));
}

/** The words of a name that are a name on their own: "Mrs Okafor" has one, Okafor; an e-mail address or a name in another script none. */
function partsOf(name: string): string[] {
  if (name.includes('@') || !/\s/u.test(name.trim())) return [];
  return name.split(/\s+/u).filter((part) => part.length >= 2 && !NOT_A_NAME_PART.has(fold(part).replace(/\.$/, '')));
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
  const fullNames = new Set<string>();
  const placeholders = new Map<Person, string>();
  for (const person of people) {
    const placeholder = next(person.role);
    placeholders.set(person, placeholder);
    for (const [index, name] of [person.name, ...person.aliases].entries()) {
      if (fullNames.has(fold(name))) continue;
      fullNames.add(fold(name));
      names.push({ name, placeholder, isWord: await isEnglishWord(name), ...(index === 0 ? { primary: true } : {}) });
      for (const part of partsOf(name)) {
        const key = fold(part);
        if (!owners.has(key)) owners.set(key, new Set());
        owners.get(key)!.add(placeholder);
      }
    }
  }
  const partNames = new Set<string>();
  for (const person of people) {
    for (const part of [person.name, ...person.aliases].flatMap(partsOf)) {
      const key = fold(part);
      const owner = owners.get(key);
      if (!owner || partNames.has(key) || fullNames.has(key)) continue;
      partNames.add(key);
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
export async function pseudonymsForForm(fields: readonly Field[], values: FormValues | null, moreText: readonly string[] = [], accepted: readonly string[] = []): Promise<Pseudonyms> {
  return (await namesPlan(fields, values, moreText, accepted)).pseudonyms;
}

/** Who a form names and the placeholders its request uses: what "What will be sent" and the flags beside Generate show. */
export interface NamesPlan {
  people: Person[];
  pseudonyms: Pseudonyms;
}

export async function namesPlan(fields: readonly Field[], values: FormValues | null, moreText: readonly string[] = [], accepted: readonly string[] = []): Promise<NamesPlan> {
  if (!holdsPersonalData(fields)) return { people: [], pseudonyms: NO_PSEUDONYMS };
  const people = await peopleInForm(fields, values, moreText, accepted);
  if (people.length === 0) return { people, pseudonyms: NO_PSEUDONYMS };
  return { people, pseudonyms: await pseudonymsFor(people, [values ? typedText(values) : '', ...moreText].join('\n')) };
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
