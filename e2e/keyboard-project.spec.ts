import { expect, test } from '@playwright/test';
import { flowProject, seedStorage, sidebar, storageKeys, toolById } from './support/app';
import { loadRegistry } from './support/registry';
import { heading1, tabTo } from './support/keyboard';

/*
 * Keyboard-only flows, continued from keyboard.spec.ts (same rules: after the
 * first page.goto every step is a key press, and focus is checked after each):
 * the project page, the mobile menu's focus trap, and focus moving to the page
 * heading on a route change.
 */

const tools = await loadRegistry();

test.use({ locale: 'en-US', timezoneId: 'UTC' });

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
    // Two trips of Tab presses across 53 items, each now shown as its tool made it: the longest keyboard flow.
    test.setTimeout(180_000);
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

    // The exports are buttons in the Tab order.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Export as JSON' })).toBeFocused();
    const [json] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(json.suggestedFilename()).toBe('Biology revision.json');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Export as Markdown' })).toBeFocused();
    const [markdown] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(markdown.suggestedFilename()).toBe('Biology revision.md');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Export as Word' })).toBeFocused();
    const [word] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(word.suggestedFilename()).toBe('Biology revision.docx');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Print / Save as PDF' })).toBeFocused();

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
    await tabTo(page, showMore, { max: 400 });
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(53);
    await expect(items.nth(50)).toContainText(firstHidden.data);
    await expect(items.nth(50).getByRole('heading', { level: 2 })).toBeFocused();

    // All the way back up, delete the project for real, and undo it from the Projects page.
    await tabTo(page, deleteProject, { back: true, max: 400 });
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
