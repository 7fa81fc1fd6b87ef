import { describe, expect, it } from 'vitest';
import type { CrossFieldRule, Field } from './fields';
import { blockingReason, numberOrDefault, preparedValues } from './formRules';
import { formSchema } from './formSchema';

const rubric: Field[] = [
  { name: 'assignmentType', kind: 'text', label: 'Assignment type', required: true, default: 'Persuasive Essay' },
  { name: 'objectives', kind: 'textarea', label: 'Learning objectives', required: true },
];

const slides: Field[] = [
  { name: 'topic', kind: 'text', label: 'Topic', required: true },
  { name: 'slideCount', kind: 'number', label: 'Number of slides', min: 2, max: 15, default: 5 },
];

const sources: Field[] = [1, 2, 3].map((n) => ({ name: `source${n}`, kind: 'textarea' as const, label: `Source ${n}` }));
const atLeastOne: CrossFieldRule[] = [{ kind: 'atLeastOne', fields: ['source1', 'source2', 'source3'], message: 'Paste at least one source.' }];

describe('blockingReason: when Generate stays disabled', () => {
  it('blocks while a required input is blank after trimming, naming it', () => {
    expect(blockingReason(rubric, [], { assignmentType: 'Lab report', objectives: '   \n\t' })).toBe('Fill in Learning objectives to generate.');
    expect(blockingReason(rubric, [], { assignmentType: ' ', objectives: '' })).toBe('Fill in Assignment type and Learning objectives to generate.');
    expect(blockingReason(rubric, [], { assignmentType: 'Lab report', objectives: 'Uses evidence' })).toBeNull();
  });

  it('blocks until at least one of the sources is filled', () => {
    expect(blockingReason(sources, atLeastOne, { source1: '', source2: '  ', source3: '' })).toBe('Paste at least one source.');
    expect(blockingReason(sources, atLeastOne, { source1: '', source2: '', source3: 'Text' })).toBeNull();
  });

  it('does not block on an optional input or a number', () => {
    expect(blockingReason(slides, [], { topic: 'Volcanoes', slideCount: Number.NaN })).toBeNull();
  });
});

describe('formSchema: what submit accepts', () => {
  it('falls back to the default slide count when the input is not a number, and rejects out-of-range counts', () => {
    const schema = formSchema(slides);
    expect(schema.parse({ topic: 'Volcanoes', slideCount: '' })).toEqual({ topic: 'Volcanoes', slideCount: 5 });
    expect(schema.parse({ topic: 'Volcanoes', slideCount: Number.NaN })).toEqual({ topic: 'Volcanoes', slideCount: 5 });
    expect(schema.parse({ topic: 'Volcanoes', slideCount: '12' })).toEqual({ topic: 'Volcanoes', slideCount: 12 });
    const tooMany = schema.safeParse({ topic: 'Volcanoes', slideCount: 20 });
    expect(tooMany.error?.issues[0]?.message).toBe('Number of slides must be from 2 to 15.');
    expect(schema.safeParse({ topic: 'Volcanoes', slideCount: 1 }).success).toBe(false);
  });

  it('rejects blank required text with a message naming the field', () => {
    const result = formSchema(rubric).safeParse({ assignmentType: 'Essay', objectives: '  ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['objectives', 'Please fill in Learning objectives.']]);
  });

  it('reports a broken cross-field rule on the first field it names', () => {
    const result = formSchema(sources, atLeastOne).safeParse({ source1: '', source2: '', source3: '' });
    expect(result.error?.issues).toMatchObject([{ path: ['source1'], message: 'Paste at least one source.' }]);
  });

  it('only accepts a select value from its options', () => {
    const fields: Field[] = [{ name: 'level', kind: 'select', label: 'Level', options: ['A2', 'B1', 'B2'], default: 'A2' }];
    expect(formSchema(fields).safeParse({ level: 'C1' }).success).toBe(false);
    expect(formSchema(fields).safeParse({ level: 'B1' }).success).toBe(true);
  });
});

describe('preparedValues: what is sent', () => {
  it('trims text and parses numbers', () => {
    expect(preparedValues(slides, { topic: '  Volcanoes \n', slideCount: 'abc' })).toEqual({ topic: 'Volcanoes', slideCount: 5 });
  });

  it('numberOrDefault keeps real numbers, including zero', () => {
    expect(numberOrDefault(0, 5)).toBe(0);
    expect(numberOrDefault(' 7 ', 5)).toBe(7);
    expect(numberOrDefault(Infinity, 5)).toBe(5);
  });
});

describe('a required number (focus planner minutes)', () => {
  const planner: Field[] = [
    { name: 'task', kind: 'text', label: 'Task', required: true },
    { name: 'totalMinutes', kind: 'number', label: 'Total minutes', required: true, min: 15, max: 480, default: 90 },
  ];

  it('blocks Generate while blank, unlike an optional number', () => {
    expect(blockingReason(planner, [], { task: 'Essay', totalMinutes: '' })).toBe('Fill in Total minutes to generate.');
    expect(blockingReason(planner, [], { task: 'Essay', totalMinutes: Number.NaN })).toBe('Fill in Total minutes to generate.');
    expect(blockingReason(planner, [], { task: 'Essay', totalMinutes: 60 })).toBeNull();
  });

  it('is not replaced by its default on submit', () => {
    const schema = formSchema(planner);
    expect(schema.safeParse({ task: 'Essay', totalMinutes: '' }).error?.issues[0]?.message).toBe('Please fill in Total minutes.');
    expect(schema.parse({ task: 'Essay', totalMinutes: '120' })).toEqual({ task: 'Essay', totalMinutes: 120 });
    expect(schema.safeParse({ task: 'Essay', totalMinutes: 5 }).error?.issues[0]?.message).toBe('Total minutes must be from 15 to 480.');
  });
});
