import { describe, expect, it } from 'vitest';
import type { Backend, GenerateRequest } from '../../kernel/backend/types';
import type { Field, FormValues } from '../../kernel/fields';
import { fold, hideNames, revealNames, withoutPartialPlaceholder } from './placeholders';
import { privateFollowUpBackend, producePrivately } from './producePrivately';
import { namesInBox, peopleInForm, pseudonymisingBackend, pseudonymsForForm, type PseudonymReport } from './pseudonymise';

/*
 * Names never leave the browser. A teacher would notice a
 * student's name in a request, a placeholder left in a report, another
 * student's name in the wrong place, or "I will" turned into "Student A".
 * The corpus is generated: names from many cultures, written as people
 * write them (another case, accents left off, a curly apostrophe, a
 * possessive, first or last name alone, a line break in the middle), in
 * every kind of personal field.
 */

const fields: Field[] = [
  { name: 'studentName', kind: 'text', label: 'Student’s name', personal: 'name' },
  { name: 'parentName', kind: 'text', label: 'Parent’s name', personal: 'name', person: 'parent' },
  { name: 'notes', kind: 'textarea', label: 'Notes', personal: 'text' },
  { name: 'subject', kind: 'text', label: 'Subject' },
];

/** [first, last] from many cultures: accents, apostrophes, hyphens, particles, one-word names. */
const people: readonly (readonly [string, string])[] = [
  ['Amira', 'Haddad'], ['Wei', 'Zhang'], ['Priya', 'Raman'], ['Ngozi', 'Adeyemi'], ['Chidi', 'Okafor'],
  ['Siobhan', 'O’Brien'], ['José', 'Núñez-García'], ['Zoë', 'Lefèvre'], ['Łukasz', 'Wójcik'], ['Ayşe', 'Yılmaz'],
  ['Jürgen', 'Müller'], ['Nguyễn', 'Thị Lan'], ['Haruto', 'Sato'], ['Aroha', 'Ngata'], ['Noa', 'Levi'],
  ['Omar', 'Al-Sayed'], ['Anne-Marie', 'Dubois'], ['Kwame', 'Mensah'], ['Saoirse', 'MacGrath'], ['Björn', 'Ångström'],
  ['Fatima', 'Bello'], ['Mateo', 'van der Berg'], ['Ji-woo', 'Park'], ['Aleksandra', 'Kowalczyk'], ['Tariq', 'D’Souza'],
];

const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const curly = (text: string) => text.replace(/'/g, '’');
const straight = (text: string) => text.replace(/’/g, "'");

/** How a name turns up in notes: as typed, in another case, without accents, possessive, split over a line. */
const writings: readonly ((first: string, last: string) => string)[] = [
  (f, l) => `${f} ${l}`,
  (f) => f,
  (f, l) => `${f.toLowerCase()} ${l.toLowerCase()}`,
  (f, l) => stripAccents(`${f} ${l}`),
  (f) => `${f}’s`,
  (f, l) => `${f}\n${l}`,
  (_, l) => `Ms. ${l}`,
  (f, l) => straight(curly(`${f.toUpperCase()} ${l}`)),
];

const templates: readonly ((student: string, parent: string) => string)[] = [
  (s, p) => `${s} has worked hard this term. Her mother, ${p}, asked about reading.`,
  (s) => `Reads aloud with expression. ${s} rushes multi-step word problems.`,
  (s, p) => `Meeting with ${p} on Tuesday about ${s} and homework.`,
  (s) => `Strong in maths; ${s} helped a new pupil settle in.`,
];

interface Case {
  values: FormValues;
  /** Every name that must not leave: as typed in the name boxes. */
  names: string[];
}

function corpus(): Case[] {
  const cases: Case[] = [];
  for (let i = 0; cases.length < 240; i++) {
    const [first, last] = people[i % people.length]!;
    const [parentFirst, parentLast] = people[(i * 7 + 3) % people.length]!;
    const write = writings[i % writings.length]!;
    const template = templates[i % templates.length]!;
    const student = `${first} ${last}`;
    const parent = `${parentFirst} ${parentLast}`;
    // Half the cases name the parent in a box; the rest leave the parent to be found in the notes.
    const parentBoxed = i % 2 === 0;
    cases.push({
      values: {
        studentName: i % 3 === 0 ? student.toUpperCase() : student,
        parentName: parentBoxed ? parent : '',
        notes: template(write(first, last), parentBoxed ? `${parentFirst} ${parentLast}` : `Mrs ${parentLast}`),
        subject: 'Science',
      },
      names: parentBoxed ? [student, parent] : [student],
    });
  }
  return cases;
}

/** Whether a name (or any of its parts of 3+ letters) is in a text, however it is written. */
function leaks(text: string, name: string): string | undefined {
  const folded = fold(stripAccents(text));
  const parts = [name, ...name.split(/\s+/)].filter((part) => part.length >= 3 && !['van', 'der'].includes(part.toLowerCase()));
  return parts.find((part) => new RegExp(`(?<![\\p{L}\\p{N}])${fold(stripAccents(part)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(folded));
}

/** A backend that records what it is sent, and answers with the placeholders it was given, as a model would. */
function echoingBackend(answer: (prompt: string) => string): Backend & { sent: string[] } {
  const sent: string[] = [];
  return {
    kind: 'contract',
    sent,
    async generate(request: GenerateRequest) {
      sent.push(request.prompt);
      const text = answer(request.prompt);
      if (request.onText) for (let end = 1; end <= text.length; end++) request.onText(text.slice(0, end));
      return text;
    },
  };
}

const placeholdersIn = (text: string) => [...new Set(text.match(/\b(?:Student|Parent|Person|Family) [A-Z]{1,2}\b/g) ?? [])];

describe('names are replaced before a request leaves, and put back in the answer', () => {
  const cases = corpus();

  it(`over ${cases.length} generated forms, no typed or found name is in the request, and every placeholder comes back as its name`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    for (const { values, names } of cases) {
      const pseudonyms = await pseudonymsForForm(fields, values);
      const prompt = `Write a report.\n<notes>\n${values.notes}\n</notes>\nStudent: ${values.studentName}. Parent: ${values.parentName}. Subject: ${values.subject}.`;
      const backend = echoingBackend((sent) => `Report on ${placeholdersIn(sent).join(' and ')}.`);
      const report: PseudonymReport = { unmapped: [] };
      const answer = (await pseudonymisingBackend(backend, pseudonyms, report).generate({ prompt })) as string;

      const sent = backend.sent[0]!;
      for (const name of names) expect(leaks(sent, name), `${name} left in: ${sent}`).toBeUndefined();
      for (const found of await peopleInForm(fields, values)) expect(leaks(sent, found.name), `${found.name} (found) left in: ${sent}`).toBeUndefined();
      expect(sent).toContain('Subject: Science');
      expect(placeholdersIn(answer)).toEqual([]);
      expect(report.unmapped).toEqual([]);
      expect(answer).toContain(String(values.studentName));
    }
    // compromise reads every form's notes: a limit for a slow machine, not a speed target.
  }, 120_000);

  it('a name that is also a word is replaced only where it is a name: "Will will present" keeps its verb', async () => {
    const values = { studentName: 'Will', parentName: 'Rose Grant', notes: 'Will will present on roses. Rose said he will.', subject: '' };
    const pseudonyms = await pseudonymsForForm(fields, values);
    expect(hideNames(values.notes, pseudonyms)).toBe('Student A will present on roses. Parent A said he will.');
  });

  it('a name typed in another case, without accents or with a curly apostrophe is still the same person', async () => {
    const values = { studentName: "josé o'neill", parentName: '', notes: 'JOSE O’NEILL and Jose did well.', subject: '' };
    const pseudonyms = await pseudonymsForForm(fields, values);
    expect(hideNames(values.notes, pseudonyms)).toBe('Student A and Student A did well.');
    expect(revealNames('Student A did well.', pseudonyms).text).toBe("josé o'neill did well.");
  });

  it('a surname two people share becomes a family placeholder, so neither is shown for the other', async () => {
    const values = { studentName: 'Maria Garcia', parentName: 'Ana Garcia', notes: 'Mrs Garcia came in. Maria is doing well.', subject: '' };
    const pseudonyms = await pseudonymsForForm(fields, values);
    const hidden = hideNames(`${values.notes} Ana Garcia agreed.`, pseudonyms);
    expect(hidden).toBe('Mrs Family A came in. Student A is doing well. Parent A agreed.');
    expect(revealNames(hidden, pseudonyms).text).toBe('Mrs Garcia came in. Maria Garcia is doing well. Ana Garcia agreed.');
  });

  it('a name typed with a title hides the surname on its own too', async () => {
    const values = { studentName: 'Leo', parentName: 'Mrs Okafor', notes: 'Mum is Mrs Okafor. Okafor family moved.', subject: '' };
    expect(hideNames(values.notes, await pseudonymsForForm(fields, values))).toBe('Mum is Parent A. Parent A family moved.');
  });

  it('several names in one box are several people', () => {
    expect(namesInBox('Maria Garcia, Tom Lee and Wei\nSiobhan O’Brien')).toEqual(['Maria Garcia', 'Tom Lee', 'Wei', 'Siobhan O’Brien']);
  });

  it('a placeholder the user typed is theirs: it is never handed out, and never reported as a leftover', async () => {
    const values = { studentName: 'Amira Haddad', parentName: '', notes: 'Compare with Student A from last year.', subject: '' };
    const pseudonyms = await pseudonymsForForm(fields, values);
    expect(hideNames('Amira Haddad', pseudonyms)).toBe('Student B');
    const back = revealNames('Student B improved on Student A.', pseudonyms);
    expect(back).toEqual({ text: 'Amira Haddad improved on Student A.', unmapped: [] });
  });

  it('words that merely begin like a placeholder ("the student asked") are not the user\'s placeholder', async () => {
    const values = { studentName: 'Amira Haddad', parentName: '', notes: 'The student asked for help.', subject: '' };
    const pseudonyms = await pseudonymsForForm(fields, values);
    expect(hideNames('Amira Haddad', pseudonyms)).toBe('Student A');
    expect(revealNames('Student B helped.', pseudonyms).unmapped).toEqual(['Student B']);
  });

  it('a placeholder the model changed or made up is reported, never guessed', async () => {
    const values = { studentName: 'Amira Haddad', parentName: 'Omar Haddad', notes: '', subject: '' };
    const pseudonyms = await pseudonymsForForm(fields, values);
    const report: PseudonymReport = { unmapped: [] };
    const backend = echoingBackend(() => 'Student A and Student C worked with PARENT A.');
    const answer = await pseudonymisingBackend(backend, pseudonyms, report).generate({ prompt: 'Amira Haddad' });
    expect(answer).toBe('Amira Haddad and Student C worked with Omar Haddad.');
    expect(report.unmapped).toEqual(['Student C']);
  });

  it('a streamed answer never shows half a placeholder: every preview is the start of the final text', async () => {
    const values = { studentName: 'Ngozi Adeyemi', parentName: 'Kwame Mensah', notes: '', subject: '' };
    const pseudonyms = await pseudonymsForForm(fields, values);
    const previews: string[] = [];
    const backend = echoingBackend(() => 'Dear Parent A,\n\nStudent A has had a strong term. Student A’s reading is a joy.');
    const answer = (await pseudonymisingBackend(backend, pseudonyms, { unmapped: [] }).generate({ prompt: 'x', onText: (t) => previews.push(t) })) as string;
    expect(answer).toBe('Dear Kwame Mensah,\n\nNgozi Adeyemi has had a strong term. Ngozi Adeyemi’s reading is a joy.');
    for (const preview of previews) expect(answer.startsWith(preview), preview).toBe(true);
    expect(withoutPartialPlaceholder('Dear Stud')).toBe('Dear ');
    expect(withoutPartialPlaceholder('She studies')).toBe('She studies');
  });

  it('a structured answer has its names put back in every string, and a name streams escaped inside JSON', async () => {
    const values = { studentName: 'Tariq "TJ" D’Souza', parentName: '', notes: '', subject: '' };
    const pseudonyms = await pseudonymsForForm(fields, values);
    const previews: string[] = [];
    const backend: Backend = {
      kind: 'contract',
      async generate(request) {
        request.onText?.('{"comment":"Student A');
        request.onText?.('{"comment":"Student A did well"}');
        return { comment: 'Student A did well', steps: ['Student A reads daily'] };
      },
    };
    const answer = await pseudonymisingBackend(backend, pseudonyms, { unmapped: [] }).generate({ prompt: 'x', responseSchema: { type: 'OBJECT' } as never, onText: (t) => previews.push(t) });
    expect(answer).toEqual({ comment: 'Tariq "TJ" D’Souza did well', steps: ['Tariq "TJ" D’Souza reads daily'] });
    expect(JSON.parse(previews.at(-1)!)).toEqual({ comment: 'Tariq "TJ" D’Souza did well' });
  });

  it('names found in notes, from several cultures, are replaced though no box named them', async () => {
    const values = { studentName: '', parentName: '', notes: 'Yesterday Ngozi Adeyemi and Wei Zhang presented. Please tell Tomás that José Núñez-García did well in Maths, Science and English.', subject: '' };
    const found = (await peopleInForm(fields, values)).map((p) => p.name);
    expect(found).toEqual(expect.arrayContaining(['Ngozi Adeyemi', 'Wei Zhang', 'Tomás', 'José Núñez-García']));
    expect(found).not.toEqual(expect.arrayContaining(['Maths']));
    const hidden = hideNames(values.notes, await pseudonymsForForm(fields, values));
    for (const name of ['Ngozi', 'Adeyemi', 'Wei', 'Zhang', 'Tomás', 'José']) expect(hidden).not.toContain(name);
    expect(hidden).toContain('Maths, Science and English');
  });

  it('a form with no personal field, or nothing personal typed, is sent as it is', async () => {
    const plain: Field[] = [{ name: 'topic', kind: 'text', label: 'Topic' }];
    expect((await pseudonymsForForm(plain, { topic: 'Amira Haddad' })).names).toEqual([]);
    expect((await pseudonymsForForm(fields, { studentName: '', parentName: '', notes: 'reads well', subject: '' })).names).toEqual([]);
  });

  it("a follow-up call (a quiz's remediation) hides the form's names and the names in its own text, on screen and for a saved item", async () => {
    const values = { studentName: 'Amira Haddad', parentName: '', notes: '', subject: '' };
    const context = { missed: 'In question 2 Amira Haddad chose 12 for 3 x 5, and her partner Ngozi Adeyemi chose 15.' };
    const backend = echoingBackend((sent) => `${placeholdersIn(sent).join(' and ')} should practise.`);
    const onScreen = await privateFollowUpBackend({ id: 'quiz', fields }, values, context, backend);
    expect(await onScreen.generate({ prompt: context.missed })).toBe('Amira Haddad and Ngozi Adeyemi should practise.');
    const saved = await privateFollowUpBackend({ id: 'quiz', fields }, null, context, backend);
    await saved.generate({ prompt: context.missed });
    for (const sent of backend.sent) expect(sent).not.toMatch(/amira|haddad|ngozi|adeyemi/i);
  });

  it('a refinement hides the names in its typed change too, beside the form\'s', async () => {
    const values = { studentName: 'Amira Haddad', parentName: '', notes: '', subject: '' };
    const backend = echoingBackend((sent) => `${placeholdersIn(sent).join(' and ')} worked together.`);
    const answer = await producePrivately({ id: 'notes-tool', fields }, values, backend, async (pseudonymising) => ({ result: { kind: 'text', text: (await pseudonymising.generate({ prompt: 'Amira Haddad. Change: mention that her friend Ngozi Adeyemi helped.' })) as string }, reading: null }), 'Mention that her friend Ngozi Adeyemi helped.');
    expect(backend.sent[0]).not.toMatch(/amira|haddad|ngozi|adeyemi/i);
    expect(answer.result).toEqual({ kind: 'text', text: 'Amira Haddad and Ngozi Adeyemi worked together.' });
  });
});
