// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolDeclaration } from '../../src/engine/defineTool';
import type { ResultRendererProps } from '../../src/engine/rendererProps';
import type { ToolResult } from '../../src/engine/runTool';
import { exactQuizFixture, mixedQuizFixture, remediationLesson as lesson } from '../testing/fixtures';
import QuizResult from './QuizResult';

/*
 * The screen's paths an end-to-end flow cannot reach: the tool's schema
 * rejects an unknown item type before any renderer sees it, and a failing
 * remediation is quicker to pin down here. The full flows are in e2e/quiz.spec.ts.
 */

function renderQuiz(
  tool: ToolDeclaration,
  data: unknown,
  runFollowUp: ResultRendererProps['runFollowUp'] = stubFollowUp(),
  resultId = 'res_1',
) {
  const reset = vi.fn();
  const result: ToolResult = { kind: 'json', data };
  render(<QuizResult tool={tool} result={result} resultId={resultId} values={{}} language="en" runFollowUp={runFollowUp} reset={reset} />);
  return { reset, runFollowUp };
}

function stubFollowUp() {
  return vi.fn<ResultRendererProps['runFollowUp']>(async () => ({ kind: 'json', data: lesson }));
}

const essay = { type: 'ESSAY', question: 'Discuss Newton’s third law.', options: [], answer: 'Forces come in pairs' };
const tf = { type: 'TF', question: 'Forces come in pairs.', options: ['True', 'False'], answer: 'True' };
const fib = { type: 'FIB', question: 'Action and reaction are ____ in size.', options: [], answer: 'Equal' };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('QuizResult', () => {
  it("shows 'Unknown question type' for an unrecognised item, and lets the student skip it", () => {
    renderQuiz(mixedQuizFixture, [essay, tf]);

    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(within(alert).getByText('Unknown question type').textContent).toBe('Unknown question type');

    fireEvent.click(screen.getByRole('button', { name: 'Skip question' }));
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'True' }));

    expect(screen.getByText('1 / 2')).toBeTruthy();
    const review = screen.getByRole('list', { name: 'Review' });
    const [first] = within(review).getAllByRole('listitem');
    expect(first?.textContent).toContain('Skipped');
    expect(first?.textContent).toContain('Wrong');
  });

  it('keeps Check disabled while the blank is blank, and compares case-insensitively where the tool says so', () => {
    renderQuiz(mixedQuizFixture, [fib]);
    const input = screen.getByLabelText('Your answer');
    const check = screen.getByRole('button', { name: 'Check' }) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(check.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  eQUAL ' } });
    expect(check.disabled).toBe(false);
    fireEvent.click(check);
    expect(screen.getByText('1 / 1')).toBeTruthy();
  });

  it('compares exactly where the tool says so', () => {
    const item = { question: 'Pick the capital', options: ['Paris', 'paris', 'Lyon', 'Nice'], answer: 'Paris', difficulty: 'Easy' };
    renderQuiz(exactQuizFixture, [item]);
    expect(screen.getByText('Difficulty: Easy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'paris' }));
    expect(screen.getByRole('heading', { name: 'Not quite' })).toBeTruthy();
  });

  it('asks for remediation on a wrong answer, shows the error box on failure, and retries', async () => {
    const runFollowUp = vi
      .fn<ResultRendererProps['runFollowUp']>()
      .mockRejectedValueOnce(new Error('Request failed with status 503'))
      .mockResolvedValueOnce({ kind: 'json', data: lesson });
    renderQuiz(mixedQuizFixture, [tf, fib], runFollowUp);

    fireEvent.click(screen.getByRole('button', { name: 'False' }));
    expect(screen.getByRole('status').textContent).toContain('Preparing a short lesson');
    const alert = await screen.findByRole('alert');
    expect(runFollowUp).toHaveBeenCalledWith(
      'remediation',
      { question: tf.question, studentAnswer: 'False', correctAnswer: 'True' },
      expect.any(AbortSignal),
    );
    expect(alert.textContent).toContain('Request failed with status 503');

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Micro-lesson' })).toBeTruthy();
    expect(runFollowUp).toHaveBeenCalledTimes(2);

    const options = within(screen.getByRole('group', { name: lesson.followUpQuestion.question })).getAllByRole('button');
    fireEvent.click(screen.getByRole('button', { name: lesson.followUpQuestion.answer }));
    for (const option of options) expect((option as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Correct! You have got it now.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Continue Quiz' }));
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
  });

  it('treats a remediation reply of the wrong shape as an invalid format, and can continue past it', async () => {
    const runFollowUp = vi.fn<ResultRendererProps['runFollowUp']>(async () => ({ kind: 'json', data: { diagnosis: 1 } }));
    renderQuiz(mixedQuizFixture, [tf], runFollowUp);
    fireEvent.click(screen.getByRole('button', { name: 'False' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The AI returned an invalid format. Please try again.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Continue Quiz' }));
    expect(screen.getByText('0 / 1')).toBeTruthy();
  });

  it('Create Another Quiz calls reset and forgets the stored progress', () => {
    const { reset } = renderQuiz(mixedQuizFixture, [tf]);
    fireEvent.click(screen.getByRole('button', { name: 'True' }));
    expect(Object.keys(localStorage).some((k) => k.includes(`quiz:${mixedQuizFixture.id}`))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create Another Quiz' }));
    expect(reset).toHaveBeenCalledOnce();
    expect(Object.keys(localStorage).some((k) => k.includes(`quiz:${mixedQuizFixture.id}`))).toBe(false);
  });

  it('resumes stored progress for the same result, and starts a newly generated one afresh, even if identical', () => {
    renderQuiz(mixedQuizFixture, [tf, fib], stubFollowUp(), 'res_1');
    fireEvent.click(screen.getByRole('button', { name: 'True' }));
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    cleanup();

    renderQuiz(mixedQuizFixture, [tf, fib], stubFollowUp(), 'res_1');
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    cleanup();

    renderQuiz(mixedQuizFixture, [tf, fib], stubFollowUp(), 'res_2');
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
  });

  it('shows the invalid-format error for data that is not a quiz', () => {
    renderQuiz(exactQuizFixture, { not: 'a quiz' });
    expect(screen.getByRole('alert').textContent).toContain('The AI returned an invalid format. Please try again.');
  });
});
