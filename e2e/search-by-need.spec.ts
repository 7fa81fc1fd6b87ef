import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { sidebar, sidebarToolLinks } from './support/app';
import { heading1 } from './support/keyboard';
import { loadRegistry } from './support/registry';

/*
 * Search by need: what a student types ("biology",
 * "revise") finds the tools made for it, through the subjects and keywords
 * the registry files declare, and Enter opens the first match. On a laptop
 * and on a phone, in the sidebar search and in the dashboard filter.
 */

const tools = await loadRegistry();

function toolTitled(title: string): ToolDeclaration {
  const tool = tools.find((t) => t.title === title.trim());
  if (!tool) throw new Error(`No registry file has the title "${title}".`);
  return tool;
}

/** The titles of the tools a list shows, in order, once at least three are there (the search index loads on focus). */
async function atLeastThree(items: Locator, title: (item: Locator) => Locator): Promise<string[]> {
  await expect.poll(() => items.count(), { message: 'at least three tools are listed' }).toBeGreaterThanOrEqual(3);
  const titles: string[] = [];
  for (const item of await items.all()) titles.push((await title(item).textContent()) ?? '');
  return titles;
}

/** Enter in the search box opens the first tool listed: its page, with its title as the heading. */
async function enterOpensFirst(page: Page, search: Locator, first: ToolDeclaration): Promise<void> {
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/${first.id}$`));
  await expect(heading1(page, first.title)).toBeVisible();
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 900;

  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('"biology" in the sidebar search lists at least three biology tools, and Enter opens the first', async ({ page }) => {
      await page.goto('#/dashboard');
      await expect(heading1(page, 'Dashboard')).toBeVisible();
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
      const search = sidebar(page).getByRole('searchbox', { name: 'Search tools' });
      await search.fill('biology');

      // Hidden links are out of the accessibility tree: these are the matches, best first.
      const titles = await atLeastThree(sidebarToolLinks(page), (link) => link);
      for (const title of titles) expect(toolTitled(title).subjects, `${title} is for biology`).toContain('biology');
      await expect(sidebar(page).getByRole('status')).toHaveText(`${titles.length} tools match`);

      await enterOpensFirst(page, search, toolTitled(titles[0] ?? ''));
      // On a phone the menu closes, as after tapping a link.
      if (phone) await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    });

    test('"revise" in the dashboard filter lists at least three revision tools, and Enter opens the first', async ({ page }) => {
      await page.goto('#/dashboard');
      await expect(heading1(page, 'Dashboard')).toBeVisible();
      const filter = page.getByRole('main').getByRole('searchbox', { name: 'Filter tools' });
      await expect(filter).toHaveAttribute('placeholder', 'Filter tools...');
      await filter.fill('revise');

      const cards = page.getByRole('tabpanel').getByRole('listitem');
      const titles = await atLeastThree(cards, (card) => card.locator('.tool-card-title'));
      for (const title of titles) {
        const terms = toolTitled(title).keywords ?? [];
        expect(terms.some((term) => term.startsWith('revis')), `${title} is for revising`).toBe(true);
      }
      // The whole list is never shown for a search: only what matches.
      expect(titles.length).toBeLessThan(tools.length);

      await enterOpensFirst(page, filter, toolTitled(titles[0] ?? ''));
    });
  });
}

test('a search matching nothing says so, and Enter then stays on the dashboard', async ({ page }) => {
  await page.goto('#/dashboard');
  const filter = page.getByRole('main').getByRole('searchbox', { name: 'Filter tools' });
  await filter.fill('生物学 zzqx');
  await expect(page.getByRole('main').getByText('No tool matches "生物学 zzqx".')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(0);
  await filter.press('Enter');
  await expect(page).toHaveURL(/#\/dashboard$/);
  await filter.fill('');
  await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(tools.length);
});

/** The tool titles a list shows, in order (trimmed: a link's icon adds no text). */
async function titlesIn(items: Locator): Promise<string[]> {
  return (await items.allTextContents()).map((title) => title.trim());
}

test('the sidebar search, the dashboard filter and the command palette list the same tools in the same order', async ({ page }) => {
  const toolTitles = new Set(tools.map((tool) => tool.title));
  await page.goto('#/dashboard');
  await expect(heading1(page, 'Dashboard')).toBeVisible();
  const search = sidebar(page).getByRole('searchbox', { name: 'Search tools' });
  const filter = page.getByRole('main').getByRole('searchbox', { name: 'Filter tools' });
  // The search index loads on focus: "biology" is found through subjects only, so a match means it is there.
  await search.fill('biology');
  await expect(sidebarToolLinks(page).first()).toBeVisible();

  for (const query of ['flaschard', 'revise', 'homework', 'biology', 'test', 'biolgy']) {
    await search.fill(query);
    const inSidebar = await titlesIn(sidebarToolLinks(page));
    await filter.fill(query);
    const inDashboard = await titlesIn(page.getByRole('tabpanel').locator('.tool-card-title'));
    await filter.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to a tool, page or project' });
    const combobox = palette.getByRole('combobox', { name: 'Search tools, pages and projects' });
    await combobox.fill(query);
    const options = palette.getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    const inPalette = (await titlesIn(options.locator('.palette-option-title'))).filter((title) => toolTitles.has(title));
    const paletteFull = (await options.count()) >= 20;
    await combobox.press('Escape');
    await expect(palette).toHaveCount(0);

    expect(inSidebar.length, `"${query}" finds tools`).toBeGreaterThan(0);
    expect(inDashboard, `"${query}" in the dashboard filter`).toEqual(inSidebar);
    // The palette lists at most 20 options: when full, its tools are the first of the same list.
    expect(inPalette, `"${query}" in the palette`).toEqual(paletteFull ? inSidebar.slice(0, inPalette.length) : inSidebar);
  }
  await search.fill('flaschard');
  await expect(sidebarToolLinks(page).first()).toHaveText('Flashcard Generator');
});
