import { describe, expect, it } from 'vitest';
import { defineTool } from '../../kernel/defineTool';
import type { AnswerInput } from '../../kernel/runTool';
import { createSampleBackend } from '../../kernel/backend/sampleBackend';
import { readingLevelWrapper } from './answerWrappers';

/*
 * A teacher tool asked for a reading level: its English answer is measured,
 * and the badge reports the measurement against the grade chosen.
 */

const letterHome = defineTool({
  id: 'test-letter-home',
  title: 'Letter home',
  description: 'Writes a letter to families.',
  icon: 'mail',
  role: 'teacher',
  category: 'Teaching',
  fields: [{ name: 'topic', kind: 'text', label: 'Topic', required: true }],
  prompt: 'Write a letter home about {{topic}}.',
  result: 'markdown',
  example: { input: { topic: 'the trip' }, output: 'Dear families.' },
});

const letter =
  'Dear families, next week our class will visit the science museum in the city. The children will see real dinosaur bones and a big model of the moon. Please send a packed lunch and a water bottle with your child on Tuesday. We will be back at school before the end of the day.';

const english: AnswerInput = {
  tool: letterHome,
  values: { topic: 'the museum trip' },
  ask: { kind: 'first' },
  // The sample backend is never asked again for a missed level: one answer, measured.
  model: createSampleBackend(0),
  settings: { output: { language: 'en', level: 'grade-4' } },
  instructions: [],
};

describe('a teacher tool asked for grade 4', () => {
  it('measures an English answer against the chosen grade', async () => {
    const answer = await readingLevelWrapper(async () => ({ result: { kind: 'text', text: letter } }))(english);
    expect(answer.reading?.target).toBe('grade-4');
    expect(answer.reading?.measured.grade).toBeGreaterThan(0);
  });
});
