import { expect, test, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { toolCategories } from '../src/kernel/stored/choices';
import { escapeRegExp, openTool, storageKeys } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * The dashboard (spec 2): filter tabs All Tools / For Students / For Teachers,
 * the remembered filter, and the 'Recently Used' list (spec 9: at most 5,
 * most recent first, no duplicates; recent tools left out of the main list).
 */

const tools = await loadRegistry();
const teacherTools = tools.filter((t) => t.role === 'teacher');
const studentTools = tools.filter((t) => t.role !== 'teacher');
// The catalogue order (by title) is what the dashboard shows.
const byTitle = (a: ToolDeclaration, b: ToolDeclaration) => a.title.localeCompare(b.title);

function panel(page: Page) {
  return page.getByRole('tabpanel');
}

/** The tool cards' links in the tab panel's lists (one per category). */
function panelCards(page: Page) {
  return panel(page).getByRole('list').getByRole('listitem').getByRole('link');
}

function recentCards(page: Page) {
  return page.getByRole('list', { name: 'Recently Used' }).getByRole('listitem').getByRole('link');
}

/** As the dashboard lists them: by category in the declared order, then by title. */
function inDashboardOrder(list: readonly ToolDeclaration[]): ToolDeclaration[] {
  return [...list].sort((a, b) => toolCategories.indexOf(a.category) - toolCategories.indexOf(b.category) || byTitle(a, b));
}

/** A card's whole text: its title, then its description. */
function cardText(tool: ToolDeclaration): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(tool.title)}\\s*${escapeRegExp(tool.description)}\\s*$`);
}

async function expectCards(page: Page, expected: readonly ToolDeclaration[]) {
  await expect(panelCards(page)).toHaveCount(expected.length);
  await expect(panelCards(page)).toHaveText(inDashboardOrder(expected).map(cardText));
}

test.describe('filter tabs', () => {
  test('the three tabs filter the tools by role', async ({ page }) => {
    await page.goto('#/dashboard');
    const all = page.getByRole('tab', { name: 'All Tools' });
    const students = page.getByRole('tab', { name: 'For Students' });
    const teachers = page.getByRole('tab', { name: 'For Teachers' });

    // Default: all (spec 9).
    await expect(all).toHaveAttribute('aria-selected', 'true');
    await expectCards(page, tools);

    await teachers.click();
    await expect(teachers).toHaveAttribute('aria-selected', 'true');
    await expect(all).toHaveAttribute('aria-selected', 'false');
    await expect(panel(page)).toHaveAccessibleName('For Teachers');
    await expectCards(page, teacherTools);

    await students.click();
    await expect(students).toHaveAttribute('aria-selected', 'true');
    await expectCards(page, studentTools);

    await all.click();
    await expectCards(page, tools);
  });

  test('a tool card links to its tool', async ({ page }) => {
    const tool = [...tools].sort(byTitle)[0]!;
    await page.goto('#/dashboard');
    await panelCards(page).filter({ hasText: tool.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`#/${tool.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: tool.title })).toBeVisible();
  });

  test('arrow keys, Home and End move between the tabs', async ({ page }) => {
    await page.goto('#/dashboard');
    const all = page.getByRole('tab', { name: 'All Tools' });
    const students = page.getByRole('tab', { name: 'For Students' });
    const teachers = page.getByRole('tab', { name: 'For Teachers' });

    await all.focus();
    await page.keyboard.press('ArrowRight');
    await expect(students).toBeFocused();
    await expect(students).toHaveAttribute('aria-selected', 'true');
    await expectCards(page, studentTools);

    await page.keyboard.press('ArrowRight');
    await expect(teachers).toBeFocused();
    await expect(teachers).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('ArrowRight');
    await expect(all).toBeFocused();
    await expect(all).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('ArrowLeft');
    await expect(teachers).toBeFocused();
    await expect(teachers).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('Home');
    await expect(all).toBeFocused();
    await page.keyboard.press('End');
    await expect(teachers).toBeFocused();
    await expectCards(page, teacherTools);
  });

  test('the chosen tab is remembered after a reload', async ({ page }) => {
    await page.goto('#/dashboard');
    await page.getByRole('tab', { name: 'For Teachers' }).click();
    await expect(page.getByRole('tab', { name: 'For Teachers' })).toHaveAttribute('aria-selected', 'true');

    await page.reload();
    await expect(page.getByRole('tab', { name: 'For Teachers' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'All Tools' })).toHaveAttribute('aria-selected', 'false');
    await expectCards(page, teacherTools);
  });
});

test.describe('Recently Used', () => {
  test('lists visited tools most recent first and leaves them out of the main list', async ({ page }) => {
    test.skip(tools.length < 3, 'the registry has fewer than 3 tools');
    const visited = tools.slice(0, 3);
    for (const tool of visited) await openTool(page, tool);

    await page.goto('#/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: 'Recently Used' })).toBeVisible();
    await expect(recentCards(page)).toHaveText([...visited].reverse().map(cardText));

    // The main list (All Tools) has everything else.
    await expect(page.getByRole('tab', { name: 'All Tools' })).toHaveAttribute('aria-selected', 'true');
    const rest = tools.filter((t) => !visited.includes(t));
    await expect(panelCards(page)).toHaveCount(rest.length);
    for (const tool of visited) await expect(panelCards(page).filter({ hasText: cardText(tool) })).toHaveCount(0);
  });

  test('no Recently Used list before any tool is opened', async ({ page }) => {
    await page.goto('#/dashboard');
    await expect(page.getByRole('tab', { name: 'All Tools' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recently Used' })).toHaveCount(0);
  });

  test('revisiting a tool moves it to the front without duplicating it', async ({ page }) => {
    test.skip(tools.length < 3, 'the registry has fewer than 3 tools');
    const [first, second, third] = tools as [ToolDeclaration, ToolDeclaration, ToolDeclaration];
    for (const tool of [first, second, third]) await openTool(page, tool);
    await page.goto('#/dashboard');
    await expect(recentCards(page)).toHaveText([third, second, first].map(cardText));

    await openTool(page, first);
    await page.goto('#/dashboard');
    await expect(recentCards(page)).toHaveText([first, third, second].map(cardText));
  });

  test('holds at most 5 tools', async ({ page }) => {
    test.skip(tools.length < 6, `the registry has ${tools.length} tools; 6 are needed to go past the limit of 5`);
    const visited = tools.slice(0, 6);
    for (const tool of visited) await openTool(page, tool);
    await page.goto('#/dashboard');

    const newestFirst = [...visited].reverse();
    await expect(recentCards(page).first()).toHaveText(cardText(newestFirst[0]!));
    const shown = await recentCards(page).count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(5);
    // Most recent first, no gaps, no duplicates; the oldest visit has dropped out.
    await expect(recentCards(page)).toHaveText(newestFirst.slice(0, shown).map(cardText));
    await expect(recentCards(page).filter({ hasText: cardText(visited[0]!) })).toHaveCount(0);

    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as string[], storageKeys.recentTools);
    expect(stored.length).toBeLessThanOrEqual(5);
    expect(new Set(stored).size).toBe(stored.length);
  });

  test('shows the five most recent tools after visits to the dashboard and Projects', async ({ page }) => {
    test.skip(tools.length < 6, `the registry has ${tools.length} tools; 6 are needed to go past the limit of 5`);
    const visited = tools.slice(0, 6);
    for (const tool of visited) await openTool(page, tool);
    // Page visits share the spec's stored list (spec 3) but take no tool's place.
    await page.goto('#/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeAttached();
    await page.goto('#/dashboard');
    await page.reload();

    const newestFirst = [...visited].reverse().slice(0, 5);
    await expect(recentCards(page)).toHaveText(newestFirst.map(cardText));

    // The spec's list keeps its rules: at most 5, most recent first, no duplicates, pages included.
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as string[], storageKeys.recentTools);
    expect(stored).toEqual(['dashboard', 'projects', ...newestFirst.slice(0, 3).map((t) => t.id)]);
  });
});
