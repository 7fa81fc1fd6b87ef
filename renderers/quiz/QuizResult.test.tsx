// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import type { ResultRendererProps } from '../../src/kernel/rendererProps';
import type { ToolResult } from '../../src/kernel/runTool';
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
const tf2 = { type: 'TF', question: 'A push has no reaction.', options: ['True', 'False'], answer: 'False' };

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
    fireEvent.click(screen.getByRole('button', { name: 'See your score' }));

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
    // The typed answer stays on screen, marked right, until the student moves on.
    expect(screen.getByRole('status').textContent).toBe('Correct!');
    expect(screen.getByText('eQUAL')).toBeTruthy();
    expect(screen.getByText('(correct)')).toBeTruthy();
    expect(screen.queryByLabelText('Your answer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See your score' }));
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
    fireEvent.click(screen.getByRole('button', { name: 'See your score' }));
    expect(Object.keys(localStorage).some((k) => k.includes(`quiz:${mixedQuizFixture.id}`))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create Another Quiz' }));
    expect(reset).toHaveBeenCalledOnce();
    expect(Object.keys(localStorage).some((k) => k.includes(`quiz:${mixedQuizFixture.id}`))).toBe(false);
  });

  it('resumes stored progress for the same result, and starts a newly generated one afresh, even if identical', () => {
    renderQuiz(mixedQuizFixture, [tf, fib], stubFollowUp(), 'res_1');
    fireEvent.click(screen.getByRole('button', { name: 'True' }));
    // The answer is recorded at once (spec 4); only the verdict waits on screen, so a reload resumes at question 2.
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    cleanup();

    renderQuiz(mixedQuizFixture, [tf, fib], stubFollowUp(), 'res_1');
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    cleanup();

    renderQuiz(mixedQuizFixture, [tf, fib], stubFollowUp(), 'res_2');
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
  });

  it('marks a right answer green with Correct! on that question, and moves on only when asked', () => {
    const recordAttempt = vi.fn();
    const result: ToolResult = { kind: 'json', data: [tf, fib] };
    render(
      <QuizResult tool={mixedQuizFixture} result={result} resultId="res_1" values={{}} language="en" runFollowUp={stubFollowUp()} reset={vi.fn()} recordAttempt={recordAttempt} />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'True' }));
    // Still question 1: the picked option says, in words and colour, that it is the right answer.
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    expect(screen.getByRole('status')).toBe(status); // The same live region, so the verdict is announced.
    expect(status.textContent).toBe('Correct!');
    const picked = screen.getByRole('button', { name: /^True/ });
    expect(picked.textContent).toContain('(your answer, correct)');
    expect(picked.className).toContain('quiz-option-right');
    const options = within(screen.getByRole('group', { name: tf.question })).getAllByRole('button');
    for (const option of options) expect((option as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'False' }).className).not.toContain('quiz-option-wrong');
    const next = screen.getByRole('button', { name: 'Next question' });
    expect(document.activeElement).toBe(next);

    fireEvent.click(next);
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: fib.question }));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Next question' })).toBeNull();

    // The last right answer finishes the quiz at once (the attempt is recorded) but shows its verdict first.
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: 'equal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(recordAttempt).toHaveBeenCalledWith({ score: 2, total: 2, missed: [] });
    expect(screen.getByRole('status').textContent).toBe('Correct!');
    expect(screen.queryByRole('heading', { name: 'Quiz complete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See your score' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Quiz complete' }));
  });

  it('a wrong answer still goes straight to the lesson, with no Correct!', () => {
    renderQuiz(mixedQuizFixture, [tf, fib]);
    fireEvent.click(screen.getByRole('button', { name: 'False' }));
    expect(screen.getByRole('heading', { name: 'Not quite' })).toBeTruthy();
    expect(screen.queryByText('Correct!')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next question' })).toBeNull();
  });

  it('shows Correct! as its own answer, not a neighbour’s, when the next question comes', () => {
    renderQuiz(mixedQuizFixture, [tf, tf2]);
    fireEvent.click(screen.getByRole('button', { name: 'True' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    // The old screen showed the last verdict above the next question; it must not any more.
    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    expect(screen.queryByText('Correct!')).toBeNull();
    for (const option of within(screen.getByRole('group', { name: tf2.question })).getAllByRole('button')) {
      expect((option as HTMLButtonElement).disabled).toBe(false);
    }
  });

  it('shows the invalid-format error for data that is not a quiz', () => {
    renderQuiz(exactQuizFixture, { not: 'a quiz' });
    expect(screen.getByRole('alert').textContent).toContain('The AI returned an invalid format. Please try again.');
  });
});

/** A five-question multiple-choice quiz: question n's answer is `Right n`. */
const five = [1, 2, 3, 4, 5].map((n) => ({
  question: `Question number ${n}?`,
  options: [`Right ${n}`, `Wrong ${n}`, `Other ${n}`, `Last ${n}`],
  answer: `Right ${n}`,
  difficulty: 'Easy',
  ...(n === 2 ? { explanation: `Because ${n} is right.` } : {}),
}));

/** Plays the five questions, answering wrongly at the given indexes and skipping each lesson. */
async function playFive(wrongAt: readonly number[]): Promise<void> {
  for (const [i, item] of five.entries()) {
    if (wrongAt.includes(i)) {
      fireEvent.click(screen.getByRole('button', { name: `Wrong ${i + 1}` }));
      await screen.findByRole('heading', { name: 'Micro-lesson' });
      fireEvent.click(screen.getByRole('button', { name: 'Continue Quiz' }));
    } else {
      fireEvent.click(screen.getByRole('button', { name: item.answer }));
      fireEvent.click(screen.getByRole('button', { name: i === 4 ? 'See your score' : 'Next question' }));
    }
  }
  await screen.findByRole('heading', { name: 'Quiz complete' });
}

describe('QuizResult end screen', () => {
  it('5 / 5: a perfect score, and nothing missed to review', async () => {
    renderQuiz(exactQuizFixture, five);
    await playFive([]);
    expect(screen.getByText('5 / 5')).toBeTruthy();
    expect(screen.getByText('Perfect score!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review the ones I missed' })).toBeNull();
    // The spec's full review is still there.
    expect(within(screen.getByRole('list', { name: 'Review' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('3 / 5 and 1 / 5 each say something different from 5 / 5 and from each other', async () => {
    renderQuiz(exactQuizFixture, five);
    await playFive([1, 3]);
    expect(screen.getByText('3 / 5')).toBeTruthy();
    const heading = screen.getByRole('heading', { name: 'Quiz complete' });
    const most = heading.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(most).toContain('Good work!');
    expect(most).toContain('Your score: 3 / 5');
    expect(screen.queryByText('Perfect score!')).toBeNull();
    cleanup();
    localStorage.clear();

    renderQuiz(exactQuizFixture, five);
    await playFive([0, 1, 2, 3]);
    expect(screen.getByText('1 / 5')).toBeTruthy();
    expect(screen.getByText('Keep practising')).toBeTruthy();
    expect(screen.queryByText('Good work!')).toBeNull();
  });

  it('"Review the ones I missed" lists exactly the missed questions: the pick, the answer and any explanation', async () => {
    renderQuiz(exactQuizFixture, five);
    await playFive([1, 3]);
    const toggle = screen.getByRole('button', { name: 'Review the ones I missed' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: /missed/ })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const missed = screen.getByRole('list', { name: 'The ones you missed (2 of 5)' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.contains(missed)).toBe(true);
    const rows = within(missed).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [second, fourth] = rows;
    expect(second!.textContent).toContain('Question number 2?');
    expect(within(second!).getAllByRole('definition').map((d) => d.textContent)).toEqual(['Wrong 2', 'Right 2', 'Because 2 is right.']);
    expect(fourth!.textContent).toContain('Question number 4?');
    expect(within(fourth!).getAllByRole('definition').map((d) => d.textContent)).toEqual(['Wrong 4', 'Right 4']);
    expect(within(fourth!).queryByText('Why')).toBeNull(); // No explanation in the result: no empty row.

    fireEvent.click(toggle);
    expect(screen.queryByRole('list', { name: /missed/ })).toBeNull();
  });

});
