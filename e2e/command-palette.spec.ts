import { expect, test, type Page } from '@playwright/test';
import { seedStorage, storageKeys, toolById } from './support/app';
import { heading1 } from './support/keyboard';
import { scan, tools } from './support/a11y';

/*
 * The command palette, by keyboard and by roles alone: Ctrl+K (or
 * "/" where no field has focus) opens a dialog holding a combobox and its
 * listbox; a misspelt title finds its tool; Enter opens it.
 */

const flashcards = toolById(tools, 'flashcard-generator');
const essayBuddy = toolById(tools, 'essay-buddy');
const project = { id: 'proj_1700000000002', name: 'Year 10 Chemistry', createdAt: '2026-11-01T09:00:00.000Z' };

const palette = (page: Page) => page.getByRole('dialog', { name: 'Go to a tool, page or project' });
const searchBox = (page: Page) => palette(page).getByRole('combobox', { name: 'Search tools, pages and projects' });
const options = (page: Page) => palette(page).getByRole('option');

test('Ctrl+K, a misspelt title and Enter land on the tool', async ({ page }) => {
  await page.goto('#/dashboard');
  await expect(heading1(page, 'Dashboard')).toBeFocused();
  await page.keyboard.press('Control+K');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('flaschard');
  await expect(options(page).first()).toContainText(flashcards.title);
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await options(page).first().getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
  await expect(heading1(page, flashcards.title)).toBeVisible();
  expect(new URL(page.url()).hash).toBe(`#/${flashcards.id}`);
});

test('"/" opens it where no field has focus: recent tools first, arrows move, Escape closes and gives focus back', async ({ page }) => {
  test.slow(); // An axe scan in both themes.
  await page.goto(`#/${essayBuddy.id}`);
  await expect(heading1(page, essayBuddy.title)).toBeFocused();
  // In a text field "/" is a character, not the shortcut.
  const topic = page.getByRole('textbox', { name: 'Essay topic or question' });
  await topic.fill('Why');
  await topic.press('/');
  await expect(topic).toHaveValue('Why/');
  await expect(palette(page)).toHaveCount(0);

  await heading1(page, essayBuddy.title).focus();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue('');
  // Nothing typed yet: the tool just visited, then the screens.
  await expect(options(page).first()).toContainText(essayBuddy.title);
  await expect(palette(page).getByRole('option', { name: /Settings/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(options(page).last()).toHaveAttribute('aria-selected', 'true');
  await scan(page, 'command palette');

  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(heading1(page, essayBuddy.title)).toBeFocused();
});

test('finds the Settings screen and a project by name, and says when nothing matches', async ({ page }) => {
  await seedStorage(page, { [storageKeys.projects]: [project] });
  await page.goto('#/dashboard');
  await expect(heading1(page, 'Dashboard')).toBeFocused();
  await page.keyboard.press('Control+K');
  await searchBox(page).fill('zzzzqqqq');
  await expect(options(page)).toHaveCount(0);
  await expect(palette(page).getByRole('status')).toHaveText('No matches');
  await searchBox(page).fill('setings');
  await expect(options(page).first()).toContainText('Settings');
  await searchBox(page).fill('chemistry');
  await expect(options(page).first()).toContainText(project.name);
  await options(page).first().click();
  await expect(heading1(page, project.name)).toBeVisible();
  expect(new URL(page.url()).hash).toBe(`#/projects/${project.id}`);
});
