import { describe, expect, it } from 'vitest';
import { topicOf, type Field } from './fields';

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
