import { parse } from 'gift-pegjs';
import { describe, expect, it } from 'vitest';
import { xssPayloads } from '../../src/kernel/testing/xssPayloadList';
import { blocksText } from '../../src/features/export';
import { quizFormats, quizWorksheet } from './exports';

/*
 * A quiz as GIFT, read back by a GIFT parser (gift-pegjs, the
 * grammar Moodle's format follows): each question keeps its type, stem,
 * choices and right answer, whatever characters the model wrote, GIFT's own
 * (~ = # { } :) included.
 */

const gift = quizFormats.find((f) => f.key === 'gift')!;

type Parsed = { type: string; title?: string | null; stem?: { text: string }; choices?: { isCorrect: boolean; text: { text: string } | string }[]; isTrue?: boolean };
const choiceText = (c: { text: { text: string } | string }) => (typeof c.text === 'string' ? c.text : c.text.text);
const unescape = (s: string) => s.replace(/\\([\\~=#{}:])/g, '$1');

const quiz = [
  { type: 'MCQ', question: 'Which is {a} set? Pick: a=b ~ c # d', options: ['{1, 2}', 'a = b', '~x', 'C:\\path'], answer: '{1, 2}' },
  { type: 'TF', question: 'Water boils at 100 °C at sea level.', options: ['True', 'False'], answer: 'True' },
  { type: 'TF', question: 'The Sun orbits the Earth.', options: ['True', 'False'], answer: 'False' },
  { type: 'FIB', question: 'The powerhouse of the cell is the ____.', options: [], answer: 'mitochondria' },
];

describe('GIFT export', () => {
  it('multiple choice, true/false and fill in the blank, each read back as written', () => {
    const file = gift.build({ toolTitle: 'Interactive Quiz Builder', topic: 'Cells', data: quiz });
    expect(file).toMatchObject({ baseName: 'Interactive Quiz Builder - Cells - GIFT', extension: 'txt' });
    const questions = (parse(file.text) as Parsed[]).filter((q) => q.type !== 'Category');
    expect(questions.map((q) => q.type)).toEqual(['MC', 'TF', 'TF', 'Short']);
    const [mc, tf1, tf2, fib] = questions;
    expect(unescape(mc!.stem!.text)).toBe(quiz[0]!.question);
    expect(mc!.choices!.map((c) => unescape(choiceText(c)))).toEqual(quiz[0]!.options);
    expect(mc!.choices!.map((c) => c.isCorrect)).toEqual([true, false, false, false]);
    expect([tf1!.isTrue, tf2!.isTrue]).toEqual([true, false]);
    expect(fib!.choices!.map((c) => unescape(choiceText(c)))).toEqual(['mitochondria']);
  });

  it('the XSS corpus, line breaks and control characters stay inside their question', () => {
    const hostile = xssPayloads.map((p) => ({ question: `Q ${p.payload}\n\u0007`, options: [`right ${p.id}`, 'wrong {}', 'x', 'y'], answer: `right ${p.id}` }));
    const file = gift.build({ toolTitle: 'QuizWhiz', data: hostile });
    const questions = (parse(file.text) as Parsed[]).filter((q) => q.type !== 'Category');
    expect(questions).toHaveLength(hostile.length);
    for (const [i, q] of questions.entries()) {
      expect(q.type).toBe('MC');
      expect(q.choices!.filter((c) => c.isCorrect).map((c) => unescape(choiceText(c)))).toEqual([hostile[i]!.answer]);
    }
  });

  it('a model text opening with a format marker such as [html] stays plain text in the question, its choices and its answer', () => {
    const marked = [
      { type: 'MCQ', question: '[html]<img src=x onerror=alert(1)> Which gas?', options: ['[html]<b>Oxygen</b>', ' [markdown] **CO2**', 'Nitrogen', 'Argon'], answer: '[html]<b>Oxygen</b>' },
      { type: 'TF', question: '[html]<script>alert(1)</script> The Sun is a star.', options: ['True', 'False'], answer: 'True' },
      { type: 'FIB', question: '[moodle]The powerhouse of the cell is the ____.', options: [], answer: '[html]<i>mitochondria</i>' },
    ];
    type Formatted = { format: string; text: string };
    const questions = (parse(gift.build({ toolTitle: 'QuizWhiz', data: marked }).text) as { type: string; stem: Formatted; choices?: { text: Formatted }[] }[]).filter((q) => q.type !== 'Category');
    expect(questions.map((q) => q.type)).toEqual(['MC', 'TF', 'Short']);
    for (const [i, q] of questions.entries()) expect([q.stem.format, unescape(q.stem.text)]).toEqual(['plain', marked[i]!.question]);
    expect(questions[0]!.choices!.map((c) => [c.text.format, unescape(c.text.text)])).toEqual([
      ['plain', '[html]<b>Oxygen</b>'],
      ['plain', '[markdown] **CO2**'],
      ['plain', 'Nitrogen'],
      ['plain', 'Argon'],
    ]);
    expect(questions[2]!.choices!.map((c) => [c.text.format, unescape(c.text.text)])).toEqual([['plain', '[html]<i>mitochondria</i>']]);
  });

  it('refuses, with a reason, data that is not a quiz', () => {
    expect(() => gift.build({ toolTitle: 'QuizWhiz', data: { notes: 'x' } })).toThrow('not a quiz');
  });
});

describe('the quiz as a worksheet (Word, print and the rich copy lay a quiz out this way)', () => {
  it('numbers the questions with lettered options, True/False and a line to fill in; the answer key follows on a new page', () => {
    const sheet = quizWorksheet({ toolTitle: 'Interactive Quiz Builder', topic: 'Cells', data: quiz, madeAt: '2026-11-23T10:00:00Z' });
    expect(sheet.title).toBe('Interactive Quiz Builder: Cells');
    const breakAt = sheet.blocks.findIndex((b) => b.kind === 'pageBreak');
    const questions = blocksText(sheet.blocks.slice(0, breakAt));
    const key = blocksText(sheet.blocks.slice(breakAt + 1));
    expect(questions).toContain('Name: ');
    expect(questions).toContain(`1. ${quiz[0]!.question}\n\n- A. {1, 2}\n- B. a = b\n- C. ~x\n- D. C:\\path`);
    expect(questions).toContain(`2. ${quiz[1]!.question}\n\n- A. True\n- B. False`);
    expect(questions).toContain(`4. ${quiz[3]!.question}\n\nAnswer: ____`);
    // Nothing on the question pages gives an answer away.
    expect(questions).not.toContain('mitochondria');
    expect(key).toBe('Answer key\n\n- 1. A: {1, 2}\n- 2. True\n- 3. False\n- 4. mitochondria');
  });

  it('refuses, with a reason, data that is not a quiz', () => {
    expect(() => quizWorksheet({ toolTitle: 'QuizWhiz', data: '## notes' })).toThrow('not a quiz');
  });
});
