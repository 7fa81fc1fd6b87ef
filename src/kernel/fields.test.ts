import { describe, expect, it } from 'vitest';
import { inputSummary, topicOf, type Field } from './fields';

const fields: readonly Field[] = [
  { name: 'notes', label: 'Your notes', kind: 'textarea' },
  { name: 'level', label: 'Level', kind: 'select', options: ['gcse'], default: 'gcse' },
  { name: 'subject', label: 'Subject', kind: 'text' },
  { name: 'topic', label: 'Topic', kind: 'text' },
];

describe('topicOf: what a result is about, for its file name', () => {
  it('is the first one-line text input filled in, trimmed', () => {
    expect(topicOf(fields, { notes: 'A long essay', level: 'gcse', subject: '  ', topic: ' Photosynthesis ' })).toBe('Photosynthesis');
    expect(topicOf(fields, { subject: 'Biology', topic: 'Cells' })).toBe('Biology');
  });

  it('never takes a pasted text from a textarea, nor a chosen option', () => {
    expect(topicOf(fields, { notes: 'A long essay pasted in', level: 'gcse' })).toBeUndefined();
  });
});

describe('inputSummary: the inputs at the top of an exported document', () => {
  it('lists each filled-in input by its label, in the form\'s order, switches as Yes or No', () => {
    const withSwitch: readonly Field[] = [...fields, { name: 'hints', label: 'Include hints', kind: 'switch' }];
    expect(inputSummary(withSwitch, { notes: ' Cells divide. ', level: 'gcse', subject: '', topic: 'Mitosis', hints: false })).toEqual([
      { label: 'Your notes', value: 'Cells divide.' },
      { label: 'Level', value: 'gcse' },
      { label: 'Topic', value: 'Mitosis' },
      { label: 'Include hints', value: 'No' },
    ]);
  });
});
