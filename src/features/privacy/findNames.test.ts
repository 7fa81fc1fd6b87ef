import { describe, expect, it } from 'vitest';
import type { Field } from '../../kernel/fields';
import { detectPersonNames } from './detectNames';
import { flagNameLikeWords } from './flagNames';
import { formNames } from './formFlags';
import { hideNames, revealNames } from './placeholders';
import { namesPlan, pseudonymsForForm } from './pseudonymise';

/*
 * What a teacher typing notes would see go wrong: a child's name that is
 * not in the name box reaching the model, one child told as two people, a
 * name nobody flagged, or an everyday word replaced or flagged as a name.
 */

const reportCard: Field[] = [
  { name: 'studentName', kind: 'text', label: 'Student’s first name', personal: 'name' },
  { name: 'notes', kind: 'textarea', label: 'Student traits and performance notes', personal: 'text' },
];

describe('names in notes, found without a name box', () => {
  it('a lone unfamiliar name opening the notes and a twin named later are both replaced; the first is the student', async () => {
    const values = { studentName: '', notes: 'Ngozi, Year 5, works hard and reads widely. Ngozi rushes word problems.\nHer twin Jun is in the other class; Ngozi’s reading is ahead of his.' };
    const plan = await namesPlan(reportCard, values);
    expect(plan.people.map(({ name, role, standsInFor }) => ({ name, role, standsInFor }))).toEqual([
      { name: 'Ngozi', role: 'Student', standsInFor: 'Student’s first name' },
      { name: 'Jun', role: 'Person', standsInFor: undefined },
    ]);
    expect(hideNames(values.notes, plan.pseudonyms)).toBe('Student A, Year 5, works hard and reads widely. Student A rushes word problems.\nHer twin Person A is in the other class; Student A’s reading is ahead of his.');
  });

  it('one child, one placeholder: the name box’s first name and the notes’ full name are both Student A, put back as the box has it', async () => {
    const values = { studentName: 'Siobhan', notes: 'Siobhan O’Brien finished 4 books. siobhan’s review was the best; O’Brien family moved.' };
    const pseudonyms = await pseudonymsForForm(reportCard, values);
    const hidden = hideNames(values.notes, pseudonyms);
    expect(hidden).toBe('Student A finished 4 books. Student A’s review was the best; Student A family moved.');
    expect(revealNames('Student A did well.', pseudonyms).text).toBe('Siobhan did well.');
  });

  it('lists of first names, names in other scripts, e-mail addresses and glued names are found', async () => {
    const found = await detectPersonNames('Group: Ngozi, Jun, Amira and Kwame. Also 王小明, Иван Петров and أحمد. Write to amira.haddad@school.org; AmiraHaddad made the poster.');
    expect(found).toEqual(expect.arrayContaining(['Ngozi', 'Jun', 'Amira', 'Kwame', '王小明', 'Иван Петров', 'أحمد', 'amira.haddad@school.org', 'Amira Haddad']));
  });

  it('a boxed name glued to other text is replaced too', async () => {
    const values = { studentName: 'Amira Haddad', notes: 'Files saved as AmiraHaddad_essay and amira.haddad.' };
    expect(hideNames(values.notes, await pseudonymsForForm(reportCard, values))).toBe('Files saved as Student A_essay and Student A.');
  });

  it('plain notes keep every everyday word: nothing replaced, nothing flagged', async () => {
    const notes = [
      'Strong reader, loves fantasy books, reads aloud with great expression. Maths: confident with times tables, finds multi-step word problems hard because she rushes and skips steps.',
      'Kind to classmates, helped a new pupil settle in this term. Sometimes waits too long before asking for help. Target: show working in Maths and Science.',
      'Introduction to the Solar System. Photosynthesis is how plants make food; chlorophyll absorbs light. I will mark the essays on Monday.',
      'Homework was handed in late twice. Good effort in PE and Music; needs to revise fractions and decimals before the test in June.',
    ];
    for (const text of notes) {
      expect(await detectPersonNames(text), text).toEqual([]);
      expect(await flagNameLikeWords([text]), text).toEqual([]);
    }
  });
});

describe('flags: name-like words that would still be sent', () => {
  it('flags a name that is also a word when it is capitalised mid-sentence, and a lower-case name, never what is replaced already', async () => {
    const values = { studentName: 'Leo', notes: 'Leo worked with Grace and Will on the poster. ngozi helped Rose.' };
    const { flags } = await formNames(reportCard, values);
    expect(flags).toEqual(expect.arrayContaining(['Will', 'Rose', 'ngozi']));
    expect(flags).not.toContain('Leo');
    expect(flags).not.toContain('poster');
  });

  it('flags a surname in small letters after a title written in small letters, but not an everyday word after "miss"', async () => {
    const values = { studentName: 'Leo', notes: 'mrs okafor says Leo is kind. dr mensah agrees. I miss home.' };
    const { flags } = await formNames(reportCard, values);
    expect(flags).toEqual(expect.arrayContaining(['okafor', 'mensah']));
    expect(flags).not.toContain('home');
  });

  it('once accepted, a flagged word is replaced like any name found, and is flagged no more', async () => {
    const values = { studentName: 'Leo', notes: 'Leo worked with Will on the poster. I will mark it. ngozi helped.' };
    const { flags } = await formNames(reportCard, values);
    const accepted = await formNames(reportCard, values, flags);
    expect(accepted.flags).toEqual([]);
    const hidden = hideNames(values.notes, accepted.pseudonyms);
    expect(hidden).not.toMatch(/Will|ngozi/u);
    expect(hidden).toContain('I will mark it.');
  });
});

describe('bounded work on pasted text', () => {
  it('a page of title-case words costs the finder and the flagger about ten times as much at ten times the length, not a hundred', async () => {
    // Words no lexicon knows, with no school or street among them: each one is looked at for an organisation around it.
    const words = ['Zorblat', 'Quenthar', 'Ivodrak', 'Melsket', 'Oranthi', 'Vesmork', 'Taldrin', 'Pokwesh'];
    const page = (n: number) => Array.from({ length: n }, (_, i) => words[i % words.length]).join(' ');
    const cost = async (text: string) => {
      const started = performance.now();
      await detectPersonNames(text);
      await flagNameLikeWords([text]);
      return performance.now() - started;
    };
    await cost(page(200)); // compromise loaded and warmed up first
    const small = await cost(page(1_000));
    const large = await cost(page(10_000));
    // Linear work is about 10x; a walk along the whole run for every word would be about 100x.
    expect(large).toBeLessThan(small * 40 + 200);
  }, 60_000);
});
