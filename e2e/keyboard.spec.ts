import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { remediationResult } from '../registry/shared/remediation';
import { flowProject, resultRegion, seedStorage, sidebar, storageKeys, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Keyboard-only flows: after the first page.goto, every step is a key press
 * (or typed text), never a click or a programmatic focus. Each flow also
 * checks where focus lands after each step, since that is what a keyboard or
 * screen-reader user depends on: the dashboard tabs, a whole quiz,
 * flashcards, the project page, the mobile menu's focus trap, and focus
 * moving to the page heading on a route change.
 */

const tools = await loadRegistry();

test.use({ locale: 'en-US', timezoneId: 'UTC' });

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until the target has focus; a bounded number of presses, so a trap or a gap fails the test. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max && !(await isFocused(target)); presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

function heading1(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

test('dashboard: the tabs by arrow keys, Home and End, then Enter on a card opens its tool', async ({ page }) => {
  await page.goto('#/dashboard');
  await expect(heading1(page, 'Dashboard')).toBeFocused();
  const tab = (name: string) => page.getByRole('tab', { name });
  const panelCards = page.getByRole('tabpanel').getByRole('link');

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

  // Only the selected tab is a Tab stop: the next one is the panel's first card.
  const first = panelCards.first();
  const title = (await first.locator('.tool-card-title').textContent()) ?? '';
  const tool = tools.find((t) => t.title === title);
  expect(tool?.role, 'the first card of For Students is a student tool').not.toBe('teacher');
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

  const wrongAt = items.findIndex((item) => item.type === 'MCQ');
  expect(wrongAt).toBeGreaterThan(0);
  for (const [i, item] of items.entries()) {
    if (i > 0) await expect(question(i)).toBeFocused(); // Each new question takes focus.
    if (item.type === 'FIB') {
      await page.keyboard.press('Tab');
      await expect(result.getByRole('textbox', { name: 'Your answer' })).toBeFocused();
      await page.keyboard.type(item.answer);
      await page.keyboard.press('Enter');
      continue;
    }
    if (i !== wrongAt) {
      await tabTo(page, option(i, item.answer));
      await page.keyboard.press(i % 2 === 0 ? 'Enter' : 'Space');
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

test.describe('project page by keyboard', () => {
  // Stored (and shown) newest first.
  const many = Array.from({ length: 53 }, (_, i) => ({
    id: `art_${1700000001000 + i}`,
    createdAt: new Date(Date.UTC(2026, 10, 1, 9, 0, i)).toISOString(),
    toolId: 'smart-notes',
    toolTitle: 'SmartNotes',
    data: `Note number ${i + 1}`,
  })).reverse();
  const firstHidden = many[50]!;

  test('rename, export, delete an item and undo, show more, delete the project and undo', async ({ page }) => {
    test.slow();
    await seedStorage(page, {
      [storageKeys.projects]: [flowProject],
      [storageKeys.artifacts(flowProject.id)]: many,
      [storageKeys.activeProject]: flowProject.id,
    });
    await page.goto(`#/projects/${flowProject.id}`);
    await expect(heading1(page, flowProject.name)).toBeFocused();
    const items = page.getByRole('list', { name: /^Saved items in/ }).getByRole('listitem');

    // Rename: the field takes focus with the name selected, Enter saves, focus returns to Rename.
    const rename = page.getByRole('button', { name: 'Rename' });
    await tabTo(page, rename);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Project name' })).toBeFocused();
    await page.keyboard.type('Biology revision');
    await page.keyboard.press('Enter');
    await expect(heading1(page, 'Biology revision')).toBeVisible();
    await expect(rename).toBeFocused();

    // Both exports are buttons in the Tab order.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Export as JSON' })).toBeFocused();
    const [json] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(json.suggestedFilename()).toBe('Biology revision.json');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Export as Markdown' })).toBeFocused();
    const [markdown] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(markdown.suggestedFilename()).toBe('Biology revision.md');

    // Delete project, then think better of it: Escape cancels and focus returns to the button.
    const deleteProject = page.getByRole('button', { name: 'Delete project' });
    await page.keyboard.press('Tab');
    await expect(deleteProject).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(deleteProject).toBeFocused();

    // Delete the newest item: confirm (Cancel has focus, the confirm button is one Shift+Tab back), Undo, back in place.
    const newest = items.first();
    await tabTo(page, newest.getByRole('button', { name: /^Delete SmartNotes item/ }));
    await page.keyboard.press('Enter');
    await expect(newest.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(newest.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('52 saved items')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('53 saved items')).toBeVisible();
    await expect(items.first().getByRole('heading', { level: 2 })).toBeFocused();

    // Show more: focus moves on to the first newly shown item.
    const showMore = page.getByRole('button', { name: /^Show 3 more/ });
    await tabTo(page, showMore, { max: 250 });
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(53);
    await expect(items.nth(50)).toContainText(firstHidden.data);
    await expect(items.nth(50).getByRole('heading', { level: 2 })).toBeFocused();

    // All the way back up, delete the project for real, and undo it from the Projects page.
    await tabTo(page, deleteProject, { back: true, max: 250 });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Yes, delete project' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/projects$/);
    await expect(heading1(page, 'Projects')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.keyboard.press('Enter');
    const restored = page.getByRole('link', { name: /Biology revision/ });
    await expect(restored).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading1(page, 'Biology revision')).toBeFocused();
    await expect(page.getByText('53 saved items')).toBeVisible();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('traps focus while open and returns it to the toggle when closed by Escape or by the toggle', async ({ page }) => {
    await page.goto('#/dashboard');
    await expect(heading1(page, 'Dashboard')).toBeFocused();
    const toggle = page.getByRole('button', { name: /^(Open|Close) menu$/ });
    const menu = sidebar(page);
    const logo = menu.getByRole('link', { name: 'StudyForge' });
    const search = menu.getByRole('searchbox', { name: 'Search tools' });
    const lastTool = menu.getByRole('list', { name: 'Tools' }).getByRole('link').last();

    await tabTo(page, toggle, { back: true });
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(logo).toBeFocused(); // Focus starts in the menu.

    // Shift+Tab from the first item goes to the toggle, and from there round to the last item.
    await page.keyboard.press('Shift+Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(lastTool).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(logo).toBeFocused();

    // A whole lap forward never leaves the menu and its toggle, and ends where it began.
    const stops = 1 + 1 + 1 + 3 + tools.length; // toggle, logo, search, three page links, the tools
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return !!active && (!!active.closest('#app-menu') || active.classList.contains('menu-toggle'));
      });
      expect(inside, `focus after ${i + 1} Tab presses`).toBe(true);
    }
    await expect(logo).toBeFocused();

    // Links the search hides are skipped: the lap is shorter, and still closed.
    await page.keyboard.press('Tab');
    await expect(search).toBeFocused();
    await page.keyboard.type('essay buddy');
    await expect(menu.getByRole('list', { name: 'Tools' }).getByRole('link')).toHaveCount(1);
    const essay = menu.getByRole('link', { name: 'Essay Buddy' });
    await tabTo(page, essay, { max: 6 });
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();

    // Escape closes and focus returns to the toggle; the menu is gone from the Tab order.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAccessibleName('Open menu');
    await expect(toggle).toBeFocused();
    await expect(menu).toBeHidden();

    // Open again; close with the toggle itself: focus stays on it.
    await page.keyboard.press('Enter');
    await expect(logo).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(menu).toBeHidden();
    // Tab goes on into the page, not into the hidden menu.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#app-menu'))).toBe(false);
  });

  test('choosing a link by keyboard closes the menu and focuses the new page heading', async ({ page }) => {
    await page.goto('#/dashboard');
    await expect(heading1(page, 'Dashboard')).toBeFocused();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, toggle, { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, sidebar(page).getByRole('link', { name: 'Settings' }));
    await page.keyboard.press('Enter');
    await expect(heading1(page, 'Settings')).toBeFocused();
    await expect(sidebar(page)).toBeHidden();
  });
});

test.describe('focus on route change', () => {
  test('the heading of a lazily loaded screen takes focus, on first load and on navigating', async ({ page }) => {
    await page.goto('#/settings');
    await expect(heading1(page, 'Settings')).toBeFocused();
    await tabTo(page, sidebar(page).getByRole('link', { name: 'Projects' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(heading1(page, 'Projects')).toBeFocused();
  });

  test("a tool's heading takes focus, on first load and on navigating from the sidebar", async ({ page }) => {
    const first = toolById(tools, 'essay-buddy');
    const second = toolById(tools, 'rubric-builder');
    await page.goto(`#/${first.id}`);
    await expect(heading1(page, first.title)).toBeFocused();
    await tabTo(page, sidebar(page).getByRole('link', { name: second.title }), { back: true, max: 80 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/${second.id}$`));
    await expect(heading1(page, second.title)).toBeFocused();
  });
});
