import { expect, test } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { rankTools } from '../src/features/find/toolSearch';
import { appHeader, flowProject, openTool, seedActiveProject, sidebar, sidebarToolLinks, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * The app shell (spec 2): sidebar search, logo, header title, the mobile
 * menu, the unknown-route page and the Settings link.
 */

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy');

const searchTerms = Object.fromEntries(tools.map((t) => [t.id, { subjects: t.subjects, keywords: t.keywords }]));

/**
 * Spec 2: case-insensitive substring of title or description; search by need adds
 * the category, subjects and keywords (src/features/find/toolSearch.ts, whose unit
 * tests hold the rules), so this asks the same function with each file's terms.
 */
function matching(query: string): ToolDeclaration[] {
  return [...rankTools(tools, query, searchTerms)];
}

/** A word of some tool's description that is in no title and in no other tool's description. */
function descriptionOnlyWord(): { tool: ToolDeclaration; word: string } {
  for (const tool of tools) {
    for (const word of tool.description.split(/[^A-Za-z]+/)) {
      if (word.length < 6) continue;
      const found = matching(word);
      if (found.length === 1 && found[0] === tool && !tool.title.toLowerCase().includes(word.toLowerCase())) return { tool, word };
    }
  }
  throw new Error('No tool description has a word of its own.');
}

test.describe('sidebar search', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('#/dashboard');
    await expect(sidebarToolLinks(page)).toHaveCount(tools.length);
  });

  test("has the placeholder 'Search tools...'", async ({ page }) => {
    await expect(sidebar(page).getByRole('searchbox', { name: 'Search tools' })).toHaveAttribute('placeholder', 'Search tools...');
    await expect(sidebar(page).getByPlaceholder('Search tools...')).toBeVisible();
  });

  test('filters by title, ignoring case', async ({ page }) => {
    await sidebar(page).getByPlaceholder('Search tools...').fill('ESSAY BUDDY');
    const expected = matching('ESSAY BUDDY');
    expect(expected.map((t) => t.id)).toEqual(['essay-buddy']);
    await expect(sidebarToolLinks(page)).toHaveCount(expected.length);
    await expect(sidebarToolLinks(page)).toHaveText([essayBuddy.title]);
  });

  test('filters by description', async ({ page }) => {
    const { tool, word } = descriptionOnlyWord();
    await sidebar(page).getByPlaceholder('Search tools...').fill(word);
    await expect(sidebarToolLinks(page)).toHaveText([tool.title]);
  });

  test('clearing the search shows every tool again', async ({ page }) => {
    const search = sidebar(page).getByPlaceholder('Search tools...');
    await search.fill('essay');
    await expect(sidebarToolLinks(page)).toHaveCount(matching('essay').length);
    await search.fill('');
    await expect(sidebarToolLinks(page)).toHaveCount(tools.length);
  });

  test('finds every tool by its title', async ({ page }) => {
    const search = sidebar(page).getByRole('searchbox', { name: 'Search tools' });
    for (const tool of tools) {
      await search.fill(tool.title.toUpperCase());
      await expect(sidebarToolLinks(page).filter({ hasText: tool.title })).toHaveCount(1);
      await expect(sidebarToolLinks(page)).toHaveCount(matching(tool.title).length);
    }
  });

  test('a query matching nothing says so', async ({ page }) => {
    const query = 'qqzzxx-no-such-tool';
    expect(matching(query)).toHaveLength(0);
    await sidebar(page).getByPlaceholder('Search tools...').fill(query);
    await expect(sidebarToolLinks(page)).toHaveCount(0);
    await expect(sidebar(page).getByText(/no tool matches/i)).toBeVisible();
    await expect(sidebar(page).getByText(/no tool matches/i)).toContainText(query);
  });
});

test('the logo goes to the dashboard', async ({ page }) => {
  await openTool(page, essayBuddy);
  await sidebar(page).getByRole('link', { name: 'StudyForge' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'All Tools' })).toBeVisible();
});

test.describe('header title', () => {
  test("shows the tool's title on a tool route", async ({ page }) => {
    for (const id of ['essay-buddy', 'rubric-builder']) {
      const tool = toolById(tools, id);
      await openTool(page, tool);
      await expect(appHeader(page).getByText(tool.title, { exact: true })).toBeVisible();
    }
  });

  test("shows 'Dashboard' on the dashboard", async ({ page }) => {
    await page.goto('#/dashboard');
    await expect(appHeader(page).getByText('Dashboard', { exact: true })).toBeVisible();
  });

  test("shows 'Projects' on the projects page and on a project page", async ({ page }) => {
    await seedActiveProject(page);
    await page.goto('#/projects');
    await expect(appHeader(page).getByText('Projects', { exact: true })).toBeVisible();
    await page.goto(`#/projects/${flowProject.id}`);
    await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
    await expect(appHeader(page).getByText('Projects', { exact: true })).toBeVisible();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('is hidden until the toggle opens it', async ({ page }) => {
    await page.goto('#/dashboard');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page)).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page)).toBeVisible();
  });

  test('choosing a tool link navigates and closes the menu', async ({ page }) => {
    await page.goto('#/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebarToolLinks(page).filter({ hasText: essayBuddy.title }).click();

    await expect(page).toHaveURL(new RegExp(`#/${essayBuddy.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: essayBuddy.title })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await page.goto('#/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();

    await page.keyboard.press('Escape');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(sidebar(page)).toBeHidden();
  });
});

test.describe('mobile menu on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the open menu keeps a visible Close menu control that a tap closes', async ({ page }) => {
    await page.goto('#/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();

    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toBeVisible();
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    // Nothing covers it: the element at its centre is the control itself (or inside it).
    const onTop = await close.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(onTop).toBe(true);

    await close.click({ timeout: 5000 }); // No force: a covered control fails here.
    await expect(sidebar(page)).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});

test('an unknown route shows Page not found with a way back', async ({ page }) => {
  await page.goto('#/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const back = page.getByRole('main').getByRole('link', { name: /dashboard/i });
  await expect(back).toHaveAttribute('href', '#/dashboard');
  await back.click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('the Settings link opens the Settings page', async ({ page }) => {
  await page.goto('#/dashboard');
  await sidebar(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});
