import { expect, test } from '@playwright/test';
import { messages } from '../src/kernel/messages';
import { exampleAnswer, fakeBackend, generateButton, resultRegion, seedBackend } from './support/app';
import {
  answer,
  answerRestRightly,
  answerRightly,
  builder,
  expectQuestion,
  expectReview,
  itemsOf,
  lessonOf,
  quizWhiz,
  startQuiz,
  wrongAnswerTo,
  wrongAt,
} from './support/quiz';

/*
 * The quiz screen of both quizzes (spec 4, 5): playing, remediation after a
 * wrong answer, the score and review, starting over and surviving a reload.
 * Questions, answers and lessons come from the registry examples, which the
 * offline sample backend answers with, so the flows follow the registry when
 * it changes. Fill-in-the-blank rules, the option buttons, a keyboard-only run
 * and the schema's refusal are in quiz-screens.spec.ts; the shared helpers in
 * support/quiz.ts.
 */

for (const tool of [quizWhiz, builder]) {
  test.describe(tool.id, () => {
    const items = itemsOf(tool);
    const lesson = lessonOf(tool);

    test('right answers all the way: each question in turn, then the full score and the review', async ({ page }) => {
      const result = await startQuiz(page, tool);
      if (tool.id === quizWhiz.id) await expect(result.getByText(`Difficulty: ${items[0]!.difficulty}`)).toBeVisible();
      await answerRestRightly(result, items, 0);
      await expectReview(result, items, new Map());
    });

    test('a wrong answer brings a diagnosis, a micro-lesson and a follow-up that locks once answered; Continue Quiz moves on', async ({ page }) => {
      // A fake backend rather than the samples, so the lesson can be held while its busy state is checked.
      await seedBackend(page);
      const backend = await fakeBackend(page, { json: exampleAnswer(tool) });
      const result = await startQuiz(page, tool);
      const release = backend.hold();
      backend.reply({ json: { text: JSON.stringify(lesson) } });
      const wrong = wrongAnswerTo(items[0]!);
      await answer(result, items[0]!, wrong);

      await expect(result.getByRole('heading', { name: 'Not quite' })).toBeVisible();
      await expect(result.getByRole('status')).toContainText('Preparing a short lesson');
      release();
      await expect(result.getByRole('region', { name: 'What went wrong' })).toContainText(lesson.diagnosis);
      await expect(result.getByRole('region', { name: 'Micro-lesson' })).toContainText(lesson.microLesson);
      const followUp = result.getByRole('region', { name: 'Try this one' });
      await expect(followUp).toContainText(lesson.followUpQuestion.question);
      await expect(followUp).toContainText('Difficulty: Easy');

      const options = followUp.getByRole('group', { name: lesson.followUpQuestion.question }).getByRole('button');
      await expect(options).toHaveCount(lesson.followUpQuestion.options.length);
      // By position: once answered, an option's name also says whether it was picked and whether it is right.
      const { options: followUpOptions, answer: followUpAnswer } = lesson.followUpQuestion;
      const wrongPick = followUpOptions.findIndex((o) => o !== followUpAnswer);
      await options.nth(wrongPick).click();
      for (const option of await options.all()) await expect(option).toBeDisabled();
      await expect(followUp.getByRole('status')).toHaveText(`Not quite: the answer is "${followUpAnswer}".`);
      await expect(options.nth(wrongPick)).toContainText(`${followUpOptions[wrongPick]} (your answer, wrong)`);
      await expect(options.nth(followUpOptions.indexOf(followUpAnswer))).toContainText(`${followUpAnswer} (correct answer)`);

      await result.getByRole('button', { name: 'Continue Quiz' }).click();
      await expect(result.getByRole('region', { name: 'What went wrong' })).toHaveCount(0);
      await answerRestRightly(result, items, 1);
      await expectReview(result, items, wrongAt(0, wrong));
    });

    test('a right follow-up pick says so; a wrong answer on the last question, then Continue Quiz, finishes', async ({ page }) => {
      const result = await startQuiz(page, tool);
      const last = items.length - 1;
      for (let i = 0; i < last; i++) await answerRightly(result, items[i]!);
      await expectQuestion(result, items, last);
      const wrong = wrongAnswerTo(items[last]!);
      await answer(result, items[last]!, wrong);

      const followUp = result.getByRole('region', { name: 'Try this one' });
      await followUp.getByRole('button', { name: lesson.followUpQuestion.answer }).click();
      await expect(followUp.getByRole('status')).toHaveText('Correct! You have got it now.');
      await expect(followUp.getByRole('button', { name: lesson.followUpQuestion.answer })).toBeDisabled();

      await result.getByRole('button', { name: 'Continue Quiz' }).click();
      await expectReview(result, items, wrongAt(last, wrong));
    });

    test("'Create Another Quiz' returns to the form with no quiz, and the next quiz starts afresh", async ({ page }) => {
      const result = await startQuiz(page, tool);
      await answerRestRightly(result, items, 0);
      await result.getByRole('button', { name: 'Create Another Quiz' }).click();

      await expect(resultRegion(page)).toHaveCount(0);
      await expect(page.getByText(/Question \d+ of \d+/)).toHaveCount(0);
      await expect(generateButton(page, tool)).toBeEnabled();

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: tool.title })).toBeVisible();
      await expect(resultRegion(page)).toHaveCount(0);

      await generateButton(page, tool).click();
      await expectQuestion(resultRegion(page), items, 0);
    });

    test('a reload mid-quiz keeps the current question, and a reload during remediation keeps the lesson', async ({ page }) => {
      const result = await startQuiz(page, tool);
      await answerRightly(result, items[0]!);
      await answerRightly(result, items[1]!);
      await expectQuestion(result, items, 2);

      await page.reload();
      await expectQuestion(resultRegion(page), items, 2);

      const wrong = wrongAnswerTo(items[2]!);
      await answer(resultRegion(page), items[2]!, wrong);
      await expect(resultRegion(page).getByRole('region', { name: 'Micro-lesson' })).toContainText(lesson.microLesson);
      await page.reload();
      await expect(resultRegion(page).getByRole('region', { name: 'Micro-lesson' })).toContainText(lesson.microLesson);

      await resultRegion(page).getByRole('button', { name: 'Continue Quiz' }).click();
      await answerRestRightly(resultRegion(page), items, 3);
      await expectReview(resultRegion(page), items, wrongAt(2, wrong));
    });

    test('generating again replaces a quiz in progress with a fresh one', async ({ page }) => {
      const result = await startQuiz(page, tool);
      await answerRightly(result, items[0]!);
      await expectQuestion(result, items, 1);
      // A quiz under way folds its form into one line: unfold it to generate again.
      await page.getByRole('button', { name: 'Edit inputs' }).click();
      await generateButton(page, tool).click();
      await expectQuestion(resultRegion(page), items, 0);
    });

    test('a failed remediation shows the error box; Retry fetches the lesson', async ({ page }) => {
      await seedBackend(page);
      const backend = await fakeBackend(page, { json: exampleAnswer(tool) });
      const result = await startQuiz(page, tool);

      backend.reply({ status: 503, json: { error: 'The model is busy.' } });
      await answer(result, items[0]!, wrongAnswerTo(items[0]!));
      const alert = result.getByRole('alert');
      await expect(alert).toContainText('Error');
      await expect(alert).toContainText('The model is busy.');

      backend.reply({ json: { text: JSON.stringify(lesson) } });
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(result.getByRole('region', { name: 'What went wrong' })).toContainText(lesson.diagnosis);
      await expect(result.getByRole('alert')).toHaveCount(0);
      // The remediation request carried the question, the student's answer and the right one.
      const prompt = JSON.stringify(backend.bodies().at(-1));
      for (const text of [items[0]!.question, wrongAnswerTo(items[0]!), items[0]!.answer]) {
        expect(prompt).toContain(JSON.stringify(text).slice(1, -1));
      }
    });

    test('a failed remediation can be skipped with Continue Quiz', async ({ page }) => {
      await seedBackend(page);
      const backend = await fakeBackend(page, { json: exampleAnswer(tool) });
      const result = await startQuiz(page, tool);
      backend.reply({ status: 500, body: 'not json' });
      await answer(result, items[0]!, wrongAnswerTo(items[0]!));
      await expect(result.getByRole('alert')).toContainText(messages.requestFailed(500));
      await result.getByRole('alert').getByRole('button', { name: 'Continue Quiz' }).click();
      await expectQuestion(result, items, 1);
    });
  });
}
