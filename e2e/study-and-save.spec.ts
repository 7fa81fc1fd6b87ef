import { expect, test, type Locator, type Page } from '@playwright/test';
import { escapeRegExp, flowProject, generateExample, seedStorage, storageKeys, toolById } from './support/app';
import { scan, tools } from './support/a11y';

/*
 * Two daily journeys, at laptop and at phone size. Study: a card answered
 * Again comes back in the same sitting once its step has passed, with a
 * countdown while it is the only card left, and the sitting ends with a
 * summary of the answers and when the next card is due (the page's clock is
 * Playwright's, moved on rather than waited for). Save: saving a result
 * already saved updates that item instead of adding a copy, the note says
 * where it went with a link there, and the item is named by its topic.
 */

const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const flashcards = toolById(tools, 'flashcard-generator');
const essay = toolById(tools, 'essay-buddy');
const cards = (flashcards.example.output as { question: string; answer: string }[]).slice(0, 2);
const NOW = new Date('2026-11-25T10:00:00');
type Press = (target: Locator, key: string) => Promise<void>;

/** The question of the card on screen. */
const front = (page: Page) => page.locator('#study-front');

async function answerShownCard(page: Page, press: Press, grade: 'Again' | 'Easy'): Promise<string> {
  const question = await front(page).innerText();
  await press(page.getByRole('button', { name: 'Show answer' }), ' ');
  const grades = page.getByRole('group', { name: 'How well did you know it?' });
  await press(grades.getByRole('button', { name: new RegExp(`^${grade}`) }), grade === 'Again' ? '1' : '4');
  return question;
}

async function studyFlow(page: Page, press: Press) {
  test.slow(); // Two axe scans in two schemes.
  await page.clock.install({ time: NOW });
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.artifacts(flowProject.id)]: [
      { id: 'art_1700000000500', createdAt: new Date(NOW.getTime() - 86_400_000).toISOString(), toolId: flashcards.id, toolTitle: flashcards.title, data: cards },
    ],
  });
  await page.goto(`#/projects/${flowProject.id}/study`);
  await expect(front(page)).toBeVisible();
  const forgotten = await answerShownCard(page, press, 'Again');
  await answerShownCard(page, press, 'Easy');

  // Only the forgotten card is left, a minute away: the screen counts down to it rather than ending.
  const waiting = page.getByRole('heading', { level: 2, name: /^Next card in \d+:\d\d$/ });
  await expect(waiting).toBeFocused();
  // The clock ticks on screen; the polite announcement says the minute, and stays put as the seconds pass.
  await expect(waiting).toHaveAccessibleName(/^Next card in (1:00|0:[0-5]\d)$/);
  const spoken = page.getByRole('status').filter({ hasText: /^Next card in/ });
  await expect(spoken).toHaveText('Next card in 1 minute.');
  await page.clock.fastForward('00:20');
  await expect(waiting).toHaveAccessibleName(/^Next card in 0:[0-4]\d$/);
  await expect(spoken).toHaveText('Next card in 1 minute.');
  await expect(page.getByText(/^0 cards due now/)).toBeVisible();
  await scan(page, 'study countdown');

  await page.clock.fastForward('00:41');
  await expect(front(page)).toHaveText(forgotten);
  await expect(front(page)).toBeFocused();
  await answerShownCard(page, press, 'Easy');

  const done = page.getByRole('heading', { level: 2, name: 'Session complete' });
  await expect(done).toBeFocused();
  const summary = page.getByRole('region', { name: 'Session complete' });
  await expect(summary).toContainText('You reviewed 2 cards, 3 answers in all.');
  await expect(summary.getByRole('list', { name: 'Your answers' }).getByRole('listitem')).toHaveText(['Again 1', 'Hard 0', 'Good 0', 'Easy 2']);
  await expect(summary).toContainText(/Your next card is due (tomorrow at|on) \S/);
  await expect(summary).not.toContainText('due now');
  await scan(page, 'study session summary');
}

async function saveFlow(page: Page, press: Press) {
  test.slow(); // One axe scan in two schemes.
  await page.clock.install({ time: NOW });
  await seedStorage(page, { [storageKeys.projects]: [flowProject], [storageKeys.activeProject]: flowProject.id });
  const result = await generateExample(page, essay);
  await press(result.getByRole('button', { name: 'Save to Project' }), 'Enter');
  await expect(result.getByRole('button', { name: 'Saved!' })).toBeDisabled();
  const note = result.getByRole('status').filter({ hasText: `Saved to “${flowProject.name}” · Open` });
  await expect(note).toBeVisible();
  await scan(page, 'result saved, with where it went');

  // Past the spec's 2.5 s of 'Saved!', the same result offers to update its item, not to save a copy.
  await page.clock.fastForward('00:03');
  const update = result.getByRole('button', { name: 'Update saved item' });
  await expect(update).toBeEnabled();
  await expect(result.getByRole('button', { name: 'Save to Project' })).toHaveCount(0);
  await press(update, 'Enter');
  await expect(result.getByRole('button', { name: 'Saved!' })).toBeDisabled();

  await press(note.getByRole('link', { name: /^Open/ }), 'Enter');
  await expect(page).toHaveURL(new RegExp(`#/projects/${flowProject.id}$`));
  const items = page.getByRole('list', { name: `Saved items in ${flowProject.name}` }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  const topic = (essay.example.input as { topic: string }).topic;
  // The tool's name is a quieter line of its own under the topic.
  await expect(items.getByRole('heading', { level: 2 })).toHaveAccessibleName(new RegExp(`^${escapeRegExp(topic)}\\s?, ${essay.title}$`));
}

const byKeyboard: Press = async (target, key) => {
  await target.focus();
  await target.press(key);
};
const byTap: Press = (target) => target.tap();

test.describe('at laptop size, by keyboard', () => {
  test.use({ viewport: laptop });
  test('a card answered Again comes back after its countdown, then the session ends with a summary', async ({ page }) => {
    await studyFlow(page, byKeyboard);
  });
  test('saving a saved result again updates it; the note links to the project; the item is named by its topic', async ({ page }) => {
    await saveFlow(page, byKeyboard);
  });
});

test.describe('on a phone, by touch', () => {
  test.use({ viewport: phone, hasTouch: true });
  test('a card answered Again comes back after its countdown, then the session ends with a summary', async ({ page }) => {
    await studyFlow(page, byTap);
  });
  test('saving a saved result again updates it; the note links to the project; the item is named by its topic', async ({ page }) => {
    await saveFlow(page, byTap);
  });
});
