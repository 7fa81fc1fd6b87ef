import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { remediationResult } from '../registry/shared/remediation';
import { resultRegion, toolById } from './support/app';
import { loadRegistry } from './support/registry';
import { heading1, tabTo } from './support/keyboard';

/*
 * Keyboard-only flows: after the first page.goto, every step is a key press
 * (or typed text), never a click or a programmatic focus. Each flow also
 * checks where focus lands after each step, since that is what a keyboard or
 * screen-reader user depends on: the dashboard tabs, a whole quiz and
 * flashcards here; the project page, the mobile menu's focus trap and focus
 * moving to the page heading on a route change in keyboard-project.spec.ts.
 */

const tools = await loadRegistry();

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test('dashboard: the tabs by arrow keys, Home and End, then Enter on a card opens its tool', async ({ page }) => {
  await page.goto('#/dashboard');
  await expect(heading1(page, 'Dashboard')).toBeFocused();
  const tab = (name: string) => page.getByRole('tab', { name });
  const panelCards = page.getByRole('tabpanel').getByRole('link');

  // The filter box comes first (search by need), then the tabs.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('searchbox', { name: 'Filter tools' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tab('All Tools')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab('For Students')).toBeFocused();
  await expect(tab('For Students')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tab('For Teachers')).toBeFocused();
  await expect(tab('For Teachers')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tab('All Tools')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('For Teachers')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tab('All Tools')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab('For Students')).toHaveAttribute('aria-selected', 'true');

  // Only the selected tab is a Tab stop: the next one is the Category filter, then the panel's first card.
  const first = panelCards.first();
  const title = (await first.locator('.tool-card-title').textContent()) ?? '';
  const tool = tools.find((t) => t.title === title);
  expect(tool?.role, 'the first card of For Students is a student tool').not.toBe('teacher');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/${tool!.id}$`));
  await expect(heading1(page, tool!.title)).toBeFocused();
});

test('a quiz played to the end by keyboard: true/false, fill in the blank, a wrong answer and its lesson, the review, another quiz', async ({ page }) => {
  const builder = toolById(tools, 'interactive-quiz-builder');
  const items = z
    .array(z.object({ question: z.string(), options: z.array(z.string()), answer: z.string(), type: z.string() }))
    .parse(builder.example.output);
  const lesson = remediationResult.parse(builder.followUps?.remediation?.example);
  const concept = String((builder.example.input as { concept: string }).concept);
  const result = resultRegion(page);
  const question = (i: number) => result.getByRole('heading', { level: 3, name: items[i]!.question, exact: true });
  const option = (i: number, name: string) =>
    result.getByRole('group', { name: items[i]!.question, exact: true }).getByRole('button', { name, exact: true });

  await page.goto(`#/${builder.id}`);
  await expect(heading1(page, builder.title)).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: 'Concept' }));
  await page.keyboard.type(concept);
  await page.keyboard.press('Enter'); // Enter in the field submits the form.
  await expect(question(0)).toBeVisible();

  /** A right answer stays on its question, with the button that moves on focused: Enter presses it. */
  async function nextByKeyboard(i: number): Promise<void> {
    await expect(result.getByRole('status')).toHaveText('Correct!');
    await expect(result.getByRole('button', { name: i === items.length - 1 ? 'See your score' : 'Next question' })).toBeFocused();
    await page.keyboard.press('Enter');
  }

  const wrongAt = items.findIndex((item) => item.type === 'MCQ');
  expect(wrongAt).toBeGreaterThan(0);
  for (const [i, item] of items.entries()) {
    if (i > 0) await expect(question(i)).toBeFocused(); // Each new question takes focus.
    if (item.type === 'FIB') {
      await page.keyboard.press('Tab');
      await expect(result.getByRole('textbox', { name: 'Your answer' })).toBeFocused();
      await page.keyboard.type(item.answer);
      await page.keyboard.press('Enter');
      await nextByKeyboard(i);
      continue;
    }
    if (i !== wrongAt) {
      await tabTo(page, option(i, item.answer));
      await page.keyboard.press(i % 2 === 0 ? 'Enter' : 'Space');
      await nextByKeyboard(i);
      continue;
    }
    await tabTo(page, option(i, item.options.find((o) => o !== item.answer)!));
    await page.keyboard.press('Space');
    await expect(result.getByRole('heading', { level: 3, name: 'Not quite' })).toBeFocused();
    const followUp = result.getByRole('region', { name: 'Try this one' });
    await tabTo(page, followUp.getByRole('button', { name: lesson.followUpQuestion.answer, exact: true }));
    await page.keyboard.press('Enter');
    await expect(followUp.getByRole('status')).toHaveText('Correct! You have got it now.');
    await expect(result.getByRole('button', { name: 'Continue Quiz' })).toBeFocused();
    await page.keyboard.press('Enter');
  }

  await expect(result.getByRole('heading', { level: 3, name: 'Quiz complete' })).toBeFocused();
  await expect(result.getByText(/^Your score:/)).toHaveText(`Your score: ${items.length - 1} / ${items.length}`);
  await tabTo(page, result.getByRole('button', { name: 'Create Another Quiz' }));
  await page.keyboard.press('Enter');
  await expect(result).toHaveCount(0);
  // The finished quiz is gone; focus goes to the form, ready for another concept.
  await expect(page.getByRole('textbox', { name: 'Concept' })).toBeFocused();
});

test('flashcards by keyboard: flip with Enter and Space, page with Next and Previous', async ({ page }) => {
  const tool = toolById(tools, 'flashcard-generator');
  const cards = z.array(z.object({ question: z.string(), answer: z.string() })).min(3).parse(tool.example.output);
  const result = resultRegion(page);
  const card = result.getByRole('button', { name: /^(Question|Answer):/ });
  const next = result.getByRole('button', { name: 'Next' });
  const previous = result.getByRole('button', { name: 'Previous' });

  await page.goto(`#/${tool.id}`);
  await expect(heading1(page, tool.title)).toBeFocused();
  await tabTo(page, page.getByRole('textbox', { name: 'Your notes' }));
  await page.keyboard.insertText(String((tool.example.input as { notes: string }).notes)); // As if pasted.
  // The box's "Attach a file" comes next, then Generate.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Attach a file' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: tool.actionLabel ?? 'Generate' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(result.getByText(`Card 1 of ${cards.length}`)).toBeVisible();

  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(card).toHaveAccessibleName(`Answer: ${cards[0]!.answer}`);
  await expect(card).toBeFocused();
  await page.keyboard.press('Space');
  await expect(card).toHaveAccessibleName(`Question: ${cards[0]!.question}`);

  // Previous is disabled on the first card, so the next Tab stop is Next.
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  for (let i = 1; i < cards.length; i++) {
    await page.keyboard.press('Enter');
    await expect(result.getByText(`Card ${i + 1} of ${cards.length}`)).toBeVisible();
  }
  // Next is disabled on the last card: focus moves to the card rather than being dropped.
  await expect(next).toBeDisabled();
  await expect(card).toBeFocused();
  await expect(card).toHaveAccessibleName(`Question: ${cards.at(-1)!.question}`);
  await page.keyboard.press('Space');
  await expect(card).toHaveAccessibleName(`Answer: ${cards.at(-1)!.answer}`);
  await page.keyboard.press('Tab');
  await expect(previous).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(result.getByText(`Card ${cards.length - 1} of ${cards.length}`)).toBeVisible();
  await expect(card).toHaveAccessibleName(`Question: ${cards.at(-2)!.question}`);
});
