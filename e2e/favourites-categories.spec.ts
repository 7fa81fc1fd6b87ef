import { expect, test, type Page } from '@playwright/test';
import { seedRawStorage, sidebarToolLinks, storageKeys, toolById } from './support/app';
import { scan, tools } from './support/a11y';

/*
 * Favourites and categories: a star pins a tool first on the dashboard and in the sidebar,
 * after a reload too; the dashboard groups tools by category, and a category
 * filter combines with the spec's tabs.
 */

const rubric = toolById(tools, 'rubric-builder');
const quizWhiz = toolById(tools, 'quiz-whiz');

const favourites = (page: Page) => page.getByRole('list', { name: 'Favourites' }).getByRole('listitem').getByRole('link');
const star = (page: Page, title: string) => page.getByRole('button', { name: `Favourite: ${title}` });

test('a starred tool is first on the dashboard and in the sidebar, after a reload too; its page unpins it', async ({ page }) => {
  test.slow(); // An axe scan in both themes.
  await page.goto('#/dashboard');
  await expect(page.getByRole('heading', { level: 2, name: 'Favourites' })).toHaveCount(0);
  const cardStar = page.getByRole('tabpanel').getByRole('button', { name: `Favourite: ${rubric.title}` });
  await expect(cardStar).toHaveAttribute('aria-pressed', 'false');
  await cardStar.click();
  await page.getByRole('tabpanel').getByRole('button', { name: `Favourite: ${quizWhiz.title}` }).click();
  await expect(favourites(page)).toHaveCount(2);
  await expect(favourites(page).first()).toContainText(rubric.title);
  await expect(sidebarToolLinks(page).first()).toHaveText(rubric.title);
  await expect(sidebarToolLinks(page).nth(1)).toHaveText(quizWhiz.title);
  await scan(page, 'dashboard with favourites');

  await page.reload();
  await expect(favourites(page).first()).toContainText(rubric.title);
  await expect(favourites(page).nth(1)).toContainText(quizWhiz.title);
  await expect(sidebarToolLinks(page).first()).toHaveText(rubric.title);

  // The tool's own page: its star beside the title, pressed, is the keyboard's way to unpin.
  await favourites(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name: rubric.title })).toBeVisible();
  const pageStar = page.getByRole('main').getByRole('button', { name: `Favourite: ${rubric.title}` });
  await expect(pageStar).toHaveAttribute('aria-pressed', 'true');
  await pageStar.focus();
  await page.keyboard.press('Enter');
  await expect(pageStar).toHaveAttribute('aria-pressed', 'false');
  await expect(sidebarToolLinks(page).first()).toHaveText(quizWhiz.title);
  await page.goto('#/dashboard');
  await expect(favourites(page)).toHaveCount(1);
  await expect(favourites(page).first()).toContainText(quizWhiz.title);
});

test('the category filter combines with For Teachers, is remembered, and says when a tab has none there', async ({ page }) => {
  const teaching = tools.filter((t) => t.role === 'teacher' && t.category === 'Teaching');
  await page.goto('#/dashboard');
  // Grouped: each category a labelled list with its count.
  await expect(page.getByRole('heading', { level: 3, name: /^Writing \(\d+ tools?\)$/ })).toBeVisible();
  await page.getByRole('tab', { name: 'For Teachers' }).click();
  const select = page.getByRole('combobox', { name: 'Category' });
  await select.selectOption('Teaching');
  const cards = page.getByRole('tabpanel').getByRole('listitem').getByRole('link');
  await expect(cards).toHaveCount(teaching.length);
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText([`Teaching (${teaching.length} ${teaching.length === 1 ? 'tool' : 'tools'})`]);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'For Teachers' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Teaching');
  await expect(cards).toHaveCount(teaching.length);

  await page.getByRole('tab', { name: 'For Students' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('No tools for students in Teaching.');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('all');
  await expect(cards).toHaveCount(tools.filter((t) => t.role !== 'teacher').length);
});

test('corrupted favourites and category filter are discarded, and a favourite that no longer exists is dropped', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await seedRawStorage(page, { [storageKeys.favourites]: '{not json', [storageKeys.dashboardCategory]: '"Astrology"' });
  await page.goto('#/dashboard');
  await expect(page.getByRole('tab', { name: 'All Tools' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Favourites' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('all');
  expect(warnings.some((w) => w.includes(`discarding "${storageKeys.favourites}"`))).toBe(true);
  expect(warnings.some((w) => w.includes(`discarding "${storageKeys.dashboardCategory}"`))).toBe(true);

  await page.evaluate(([key]) => localStorage.setItem(key!, JSON.stringify(['a-tool-long-gone', 'quiz-whiz'])), [storageKeys.favourites]);
  await page.reload();
  await expect(favourites(page)).toHaveCount(1);
  await expect(favourites(page).first()).toContainText(quizWhiz.title);
  await expect(star(page, quizWhiz.title).first()).toHaveAttribute('aria-pressed', 'true');
});
