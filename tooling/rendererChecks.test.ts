import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import conceptCracker from '../registry/concept-cracker';
import flashcardGenerator from '../registry/flashcard-generator';
import quizWhiz from '../registry/quiz-whiz';
import { rendererContracts } from '../renderers/contracts';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { registryProblems } from './registryChecks';

/*
 * The mistakes a renderer's contract refuses while the registry assembles,
 * shown on real registry files altered the way an author might get them
 * wrong: each message names the file, says what the renderer reads and how
 * to fix it.
 */

const context = { iconExists: () => true, rendererContracts };
const problemsOf = (file: string, declaration: Partial<ToolDeclaration> & { id: string }) =>
  registryProblems([{ file: `registry/${file}.ts`, stem: file, imported: true, declaration }], context);

describe('renderer contracts at assembly', () => {
  it('passes the registry files as they are', () => {
    for (const tool of [quizWhiz, flashcardGenerator, conceptCracker]) expect(problemsOf(tool.id, tool)).toEqual([]);
  });

  it('refuses a result the renderer cannot read, naming what it reads and the valid renderers', () => {
    const wrapped = { ...quizWhiz, result: z.object({ questions: quizWhiz.result as z.ZodType }), example: { ...quizWhiz.example, output: { questions: quizWhiz.example.output } } };
    const [problem, ...rest] = problemsOf('quiz-whiz', wrapped);
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^registry\/quiz-whiz\.ts: the 'quiz' renderer reads a list of questions, each \{ question, answer/);
    expect(problem).toContain('at the top level');
    expect(problem).toContain('name another renderer: markdown, structured, quiz, flashcards, tabs, slides, sprints');
  });

  it('refuses flashcards whose cards are not { question, answer }', () => {
    const renamed = { ...flashcardGenerator, example: { ...flashcardGenerator.example, output: [{ front: 'Q', back: 'A' }] } };
    expect(problemsOf('flashcard-generator', renamed).join('\n')).toContain("the 'flashcards' renderer reads a list of cards, each { question: string, answer: string }");
  });

  it('refuses a markdown tool naming a structured renderer', () => {
    const markdown = { ...conceptCracker, result: 'markdown' as const, example: { ...conceptCracker.example, output: 'Text' } };
    expect(problemsOf('concept-cracker', markdown).join('\n')).toContain("the 'tabs' renderer reads an object with two or more text fields, one tab each, e.g. { simple: string, detailed: string }; this tool's example result does not fit (it answers with markdown)");
  });

  it('refuses a misspelt or unknown option, listing the options the renderer takes', () => {
    expect(problemsOf('quiz-whiz', { ...quizWhiz, rendererOptions: { compareAnswer: 'exact' } })).toEqual([
      expect.stringMatching(/^registry\/quiz-whiz\.ts: rendererOptions do not fit the 'quiz' renderer \(.*compareAnswer.*\)\. It takes compareAnswers\.$/),
    ]);
    expect(problemsOf('quiz-whiz', { ...quizWhiz, rendererOptions: { compareAnswers: 'CaseInsensitive' } })[0]).toContain('It takes compareAnswers.');
    expect(problemsOf('flashcard-generator', { ...flashcardGenerator, rendererOptions: { shuffle: true } })[0]).toContain('It takes no options: remove rendererOptions.');
    expect(problemsOf('flashcard-generator', { ...flashcardGenerator, renderer: undefined, rendererOptions: { shuffle: true } })).toEqual([
      'registry/flashcard-generator.ts: rendererOptions without a renderer. Name the renderer they are for, or remove them.',
    ]);
  });

  it('refuses a quiz without the remediation call its screen makes, or whose prompt needs context it does not get', () => {
    expect(problemsOf('quiz-whiz', { ...quizWhiz, followUps: {} })).toEqual([
      "registry/quiz-whiz.ts: the 'quiz' renderer calls followUps.remediation (passing question, studentAnswer, correctAnswer). Declare it: followUps: { remediation: { prompt, result, example } }.",
    ]);
    const remediation = quizWhiz.followUps!.remediation!;
    const needsTopic = { remediation: { ...remediation, prompt: `${remediation.prompt}\nTopic: {{topic}}` } };
    expect(problemsOf('quiz-whiz', { ...quizWhiz, followUps: needsTopic })).toEqual([
      "registry/quiz-whiz.ts: followUps.remediation's prompt uses {{topic}}, which the 'quiz' renderer does not pass. Use only {{question}}, {{studentAnswer}}, {{correctAnswer}}.",
    ]);
    const lessonOnly = { remediation: { ...remediation, result: z.object({ lesson: z.string() }), example: { lesson: 'l' } } };
    expect(problemsOf('quiz-whiz', { ...quizWhiz, followUps: lessonOnly })[0]).toMatch(/the 'quiz' renderer cannot read the answer of followUps\.remediation \(at diagnosis: /);
  });
});
