import { describe, expect, it } from 'vitest';
import { checkedChoice, isRight, questionsForStudent, quizKeyOf } from './quizKey';
import { loadServerTool } from './serverTools';

/*
 * The one reading of an assigned quiz's stored material, for both quiz
 * tools the quiz screen shows: QuizWhiz's multiple choice, and the
 * Interactive Quiz Builder's mix with typed fill-in-the-blank answers.
 * Material of any other shape is not a quiz the server can score.
 */

async function exampleOf(toolId: string): Promise<unknown> {
  const tool = await loadServerTool(toolId);
  if (!tool) throw new Error(`No tool ${toolId}`);
  return tool.example.output;
}

describe('reading a stored quiz', () => {
  it('reads both quiz tools’ results, and what a student sees of them has no answer', async () => {
    for (const toolId of ['quiz-whiz', 'interactive-quiz-builder']) {
      const key = quizKeyOf(await exampleOf(toolId));
      expect(key).toHaveLength(5);
      const shown = JSON.stringify(questionsForStudent(key ?? []));
      expect(shown).not.toContain('"answer"');
      expect(shown).not.toContain('"type"');
    }
  });

  it('checks a choice against the options exactly, and a typed answer whatever its case', async () => {
    const [trueFalse, fill] = quizKeyOf(await exampleOf('interactive-quiz-builder')) ?? [];
    if (!trueFalse || !fill) throw new Error('the example has no questions');
    expect(checkedChoice(trueFalse, 'True')).toBe('True');
    expect(() => checkedChoice(trueFalse, 'true')).toThrow();
    expect(() => checkedChoice(trueFalse, 'Maybe')).toThrow();
    expect(isRight(fill, checkedChoice(fill, '  Equal '))).toBe(true);
    expect(isRight(fill, 'unequal')).toBe(false);
    expect(() => checkedChoice(fill, '   ')).toThrow();
  });

  it('refuses material that is not a quiz it can score', () => {
    const question = { question: 'Which?', options: ['A', 'B', 'C', 'D'], answer: 'A' };
    for (const content of [
      null,
      'A text',
      [],
      [{ front: 'Term', back: 'Meaning' }],
      [{ ...question, answer: 'E' }],
      [{ ...question, options: ['A', 'A', 'B', 'C'] }],
      [{ ...question, options: [] }],
      [{ ...question, type: 'Essay' }],
      { questions: [question] },
    ]) {
      expect(quizKeyOf(content)).toBeNull();
    }
    expect(quizKeyOf([question])).toEqual([question]);
  });
});
