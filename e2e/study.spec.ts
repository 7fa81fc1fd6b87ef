import { expect, test, type Page } from '@playwright/test';
import { violationsOf } from './support/a11y';
import { fillFromExample, flowProject, generateButton, openTool, resultRegion, seedActiveProject, seedStorage, storageKeys, toolById } from './support/app';
import { answer, answerAllWrongAt, answerRightly, itemsOf, quizWhiz, startQuiz, wrongAnswerTo } from './support/quiz';
import { expectedTextOf, loadRegistry } from './support/registry';
import { grade, newRecord } from '../src/features/study/schedule';

/*
 * Spaced repetition, as a student meets it: make flashcards, save
 * them into a new project from the save control, open Study, grade every
 * card, reload, and find the due counts and next times on the project page
 * and the dashboard. Once by mouse, once by keyboard alone. The clock is
 * fixed (timers still run), so "due today" and "in 10 minutes" do not depend
 * on when the flow runs. Then a quiz's history: two missed, saved, and
 * retried from the project page.
 */

const tools = await loadRegistry();
const flashcards = toolById(tools, 'flashcard-generator');
const cards = flashcards.example.output as { question: string; answer: string }[];
const NOW = new Date('2026-11-25T10:00:00');

async function makeAndSave(page: Page, projectName: string, by: 'mouse' | 'keyboard'): Promise<void> {
  await page.clock.setFixedTime(NOW);
  await openTool(page, flashcards);
  await fillFromExample(page, flashcards);
  const result = resultRegion(page);
  if (by === 'mouse') await generateButton(page, flashcards).click();
  else {
    await generateButton(page, flashcards).focus();
    await page.keyboard.press('Enter');
  }
  await expect(result).toContainText(expectedTextOf(flashcards));
  const save = result.getByRole('button', { name: 'Save to Project' });
  if (by === 'mouse') await save.click();
  else {
    await save.focus();
    await page.keyboard.press('Enter');
  }
  const name = result.getByRole('form', { name: 'Save to a project' }).getByLabel('New project name');
  await expect(name).toBeFocused();
  await page.keyboard.type(projectName);
  await page.keyboard.press('Enter');
  await expect(result.getByRole('button', { name: 'Saved!' })).toBeDisabled();
}

async function projectIdOf(page: Page, name: string): Promise<string> {
  const projects = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string; name: string }[], storageKeys.projects);
  const project = projects.find((p) => p.name === name);
  expect(project, `project "${name}" saved`).toBeTruthy();
  return project!.id;
}

// Each flow makes, saves and studies a whole deck: more steps than most flows.
test.describe.configure({ timeout: 120_000 });

const frontOf = (page: Page) => page.getByRole('heading', { level: 2, name: /\S/ }).and(page.locator('#study-front'));

test('by mouse: save flashcards into a new project, study every card, reload, see what is due where', async ({ page }) => {
  await makeAndSave(page, 'Planets', 'mouse');
  const projectId = await projectIdOf(page, 'Planets');

  await page.goto(`#/projects/${projectId}`);
  const section = page.getByRole('region', { name: 'Flashcards' });
  await expect(section).toContainText(`${cards.length} cards · ${cards.length} due today`);
  await section.getByRole('link', { name: 'Study now' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Study: Planets' })).toBeVisible();
  await expect(page.getByText(`${cards.length} cards due now`)).toBeVisible();
  // The first card Easy (back in days), the rest Good (back in 10 minutes: still today).
  for (let i = 0; i < cards.length; i++) {
    const front = frontOf(page);
    await expect(front).toBeVisible();
    const question = await front.innerText();
    const card = cards.find((c) => c.question === question);
    expect(card, `a saved card: ${question}`).toBeTruthy();
    await page.getByRole('button', { name: 'Show answer' }).click();
    await expect(page.getByText(card!.answer, { exact: true })).toBeVisible();
    const grades = page.getByRole('group', { name: 'How well did you know it?' });
    if (i === 0) expect(await violationsOf(page, 'study card, answer shown')).toEqual([]);
    await grades.getByRole('button', { name: i === 0 ? /^Easy/ : /^Good/ }).click();
  }
  // The cards answered Good are back in 10 minutes: the screen counts down to them (the clock is fixed, so it stays at 10:00).
  await expect(page.getByRole('heading', { name: 'Next card in 10:00' })).toBeFocused();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Next card in 10:00' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Planets' }).click();
  await expect(section).toContainText(`${cards.length} cards · ${cards.length - 1} due today`);
  await expect(section).toContainText('next due in 10 minutes');
  await section.getByRole('button', { name: 'Manage cards' }).click();
  const list = section.getByRole('list', { name: 'Cards in this project' });
  await expect(list.getByRole('listitem')).toHaveCount(cards.length);
  await expect(list.getByRole('listitem').filter({ hasText: /Due in \d+ days/ })).toHaveCount(1);
  expect(await violationsOf(page, 'project page with its flashcards')).toEqual([]);

  await page.goto('#/dashboard');
  const due = page.getByRole('region', { name: `${cards.length - 1} cards due today` });
  await expect(due).toContainText(`Study Planets: ${cards.length - 1} due today`);
  await due.getByRole('link', { name: 'Study Planets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Study: Planets' })).toBeVisible();
});

test('by keyboard alone: Space shows the answer, 1-4 grade; then edit, suspend and delete cards', async ({ page }) => {
  await makeAndSave(page, 'Planets by keys', 'keyboard');
  const projectId = await projectIdOf(page, 'Planets by keys');
  await page.goto(`#/projects/${projectId}/study`);
  await expect(page.getByRole('heading', { level: 1, name: 'Study: Planets by keys' })).toBeVisible();
  for (let i = 0; i < cards.length; i++) {
    await expect(frontOf(page)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByRole('group', { name: 'How well did you know it?' })).toBeVisible();
    // Again for the first card: it comes back within the session, so it is graded once more at the end.
    await page.keyboard.press(i === 0 ? '1' : '3');
  }
  await expect(frontOf(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Next card in 1:00' })).toBeFocused();

  await page.reload();
  await page.goto(`#/projects/${projectId}`);
  const section = page.getByRole('region', { name: 'Flashcards' });
  await expect(section).toContainText(`${cards.length} cards · ${cards.length} due today`);
  await section.getByRole('button', { name: 'Manage cards' }).focus();
  await page.keyboard.press('Enter');
  const first = section.getByRole('listitem').first();
  await first.getByRole('button', { name: 'Edit' }).focus();
  await page.keyboard.press('Enter');
  const question = first.getByLabel('Question');
  await question.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Which planet is nearest the Sun?');
  await first.getByRole('button', { name: 'Save card' }).focus();
  await page.keyboard.press('Enter');
  await expect(first).toContainText('Which planet is nearest the Sun?');

  const second = section.getByRole('listitem').nth(1);
  await second.getByRole('button', { name: 'Suspend' }).focus();
  await page.keyboard.press('Enter');
  await expect(second).toContainText('Suspended');
  await expect(section).toContainText('1 suspended');

  const third = section.getByRole('listitem').nth(2);
  const thirdText = (await third.locator('.card-faces').innerText()).split(' → ')[0]!;
  await third.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(third.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(section.getByRole('listitem')).toHaveCount(cards.length - 1);
  await expect(section).not.toContainText(thirdText);

  await page.reload();
  await expect(section).toContainText(`${cards.length - 1} cards`);
  await section.getByRole('button', { name: 'Manage cards' }).click();
  await expect(section.getByRole('listitem').first()).toContainText('Which planet is nearest the Sun?');
});

test('a full storage while grading keeps the grade, says so, and saves it with the next grade', async ({ page }) => {
  await makeAndSave(page, 'Full storage', 'mouse');
  const projectId = await projectIdOf(page, 'Full storage');
  await page.goto(`#/projects/${projectId}/study`);
  await expect(frontOf(page)).toBeVisible();
  // The quota is reached: writing study data fails until it frees up.
  await page.evaluate((key) => {
    const original = Storage.prototype.setItem;
    (window as unknown as { freeStorage: () => void }).freeStorage = () => {
      Storage.prototype.setItem = original;
    };
    Storage.prototype.setItem = function (this: Storage, k: string, v: string) {
      if (k === key) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.call(this, k, v);
    };
  }, storageKeys.study(projectId));
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await expect(page.getByRole('alert')).toContainText('Your grades are kept while this page is open');
  await expect(page.getByText(`${cards.length - 1} cards due now · 1 reviewed this session`)).toBeVisible();
  await page.evaluate(() => (window as unknown as { freeStorage: () => void }).freeStorage());
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await expect(page.getByRole('alert')).toHaveCount(0);
  const stored = await page.evaluate((key) => Object.values((JSON.parse(localStorage.getItem(key) ?? '{}') as { cards: Record<string, { reviews: unknown[] }> }).cards).filter((c) => c.reviews.length > 0).length, storageKeys.study(projectId));
  expect(stored).toBe(2);
});

test('one bad study record costs only itself: the Study screen shows and studies every card of the deck', async ({ page }) => {
  await page.clock.setFixedTime(NOW);
  const artifactId = 'art_1700000000900';
  const twoDaysAgo = new Date(NOW.getTime() - 2 * 86_400_000);
  // A review dated next year, with a cached state ts-fsrs cannot work from (an unknown state, a negative stability).
  const bad = {
    createdAt: twoDaysAgo.toISOString(),
    reviews: [{ id: 'from-the-future', at: '2027-06-01T09:00:00.000Z', grade: 3 }],
    fsrs: { due: twoDaysAgo.toISOString(), stability: -4, difficulty: 5, scheduled_days: 0, learning_steps: 0, reps: 1, lapses: 0, state: 9, last_review: '2027-06-01T09:00:00.000Z' },
  };
  // A sound card graded Good two days ago: due again by now, with its review kept.
  const sound = grade(newRecord(twoDaysAgo), 3, twoDaysAgo, 'past-review');
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.artifacts(flowProject.id)]: [{ id: artifactId, createdAt: twoDaysAgo.toISOString(), toolId: flashcards.id, toolTitle: flashcards.title, data: cards }],
    [storageKeys.study(flowProject.id)]: { cards: { [`${artifactId}:0`]: bad, [`${artifactId}:1`]: sound } },
  });
  await page.goto(`#/projects/${flowProject.id}/study`);
  await expect(page.getByRole('heading', { level: 1, name: `Study: ${flowProject.name}` })).toBeVisible();
  await expect(page.getByText(`${cards.length} cards due now · 0 reviewed this session · ${cards.length} in the deck`)).toBeVisible();
  const seen: string[] = [];
  for (let i = 0; i < cards.length; i++) {
    await expect(frontOf(page)).toBeVisible();
    seen.push(await frontOf(page).innerText());
    await page.getByRole('button', { name: 'Show answer' }).click();
    await page.getByRole('group', { name: 'How well did you know it?' }).getByRole('button', { name: /^Easy/ }).click();
  }
  expect(seen.sort()).toEqual(cards.map((c) => c.question).sort());
  await expect(page.getByRole('heading', { level: 2, name: 'Session complete' })).toBeVisible();
  // The sound card kept its past review beside today's; the bad card kept none of next year's.
  const stored = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { cards: Record<string, { reviews: { id: string }[] }> }).cards, storageKeys.study(flowProject.id));
  expect(stored[`${artifactId}:1`]!.reviews.map((r) => r.id)).toEqual(['past-review', expect.any(String)]);
  expect(stored[`${artifactId}:0`]!.reviews.map((r) => r.id)).not.toContain('from-the-future');
  expect(Object.keys(stored)).toHaveLength(cards.length);
});

test('quiz history: finish a quiz with two wrong answers, save it, retry just those two on the project page', async ({ page }) => {
  await seedActiveProject(page);
  const items = itemsOf(quizWhiz);
  const result = await startQuiz(page, quizWhiz);
  const missed = [0, 2];
  await answerAllWrongAt(result, items, missed);
  await expect(result.getByText(/^Your score:/)).toHaveText(`Your score: ${items.length - 2} / ${items.length}`);
  await result.getByRole('button', { name: 'Save to Project' }).click();
  await expect(result.getByRole('button', { name: 'Saved!' })).toBeDisabled();

  await page.goto(`#/projects/${flowProject.id}`);
  const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: quizWhiz.title }) });
  await saved.getByRole('button', { name: 'Open' }).click();
  const history = saved.getByRole('region', { name: 'Quiz history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText(`${items.length - 2} / ${items.length}, missed 2`);
  await history.getByRole('button', { name: 'Retry the questions I missed (2)' }).click();

  // Only the two missed, in order, each with its remediation when missed again.
  const shown = saved.getByRole('region', { name: /item, saved/ });
  await expect(shown.getByText('Question 1 of 2')).toBeVisible();
  await expect(shown.getByRole('heading', { level: 3, name: items[0]!.question, exact: true })).toBeVisible();
  await answer(shown, items[0]!, wrongAnswerTo(items[0]!));
  await expect(shown.getByRole('region', { name: 'What went wrong' })).toBeVisible();
  await shown.getByRole('button', { name: 'Continue Quiz' }).click();
  await expect(shown.getByRole('heading', { level: 3, name: items[2]!.question, exact: true })).toBeVisible();
  await answerRightly(shown, items[2]!);
  await expect(shown.getByText(/^Your score:/)).toHaveText('Your score: 1 / 2');

  // The retry is in the history, numbered as the saved quiz: the one still missed is the first question.
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').nth(1)).toContainText('1 / 2, missed 1');
  await expect(history.getByRole('button', { name: 'Retry the questions I missed (1)' })).toBeVisible();
  expect(await violationsOf(page, 'project page with a quiz history')).toEqual([]);
  await page.reload();
  await saved.getByRole('button', { name: 'Open' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(2);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Study screen fits: the card the full width, the four grades in two rows of two, axe clean', async ({ page }) => {
    await seedStorage(page, {
      [storageKeys.projects]: [flowProject],
      [storageKeys.artifacts(flowProject.id)]: [{ id: 'art_1700000000900', createdAt: '2026-11-01T10:00:00.000Z', toolId: flashcards.id, toolTitle: flashcards.title, data: cards }],
    });
    await page.goto(`#/projects/${flowProject.id}/study`);
    await expect(frontOf(page)).toBeVisible();
    await page.getByRole('button', { name: 'Show answer' }).click();
    const grades = page.getByRole('group', { name: 'How well did you know it?' }).getByRole('button');
    await expect(grades).toHaveCount(4);
    const boxes = await Promise.all([0, 1, 2, 3].map(async (i) => (await grades.nth(i).boundingBox())!));
    expect(boxes[0]!.y).toBe(boxes[1]!.y);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y);
    for (const box of boxes) {
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violationsOf(page, 'study screen on a phone')).toEqual([]);
  });
});
