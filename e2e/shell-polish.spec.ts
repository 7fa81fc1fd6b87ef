import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { appHeader, openTool, sampleBanner, seedStorage, storageKeys, toolById } from './support/app';
import { scan, tools } from './support/a11y';

/*
 * The app's shell at laptop and phone size: a sample notice of one line that
 * Hide keeps away (the set-up steps in Settings), a header of one line
 * however long the tool's name, a recent tool still in its category, and a
 * plain "could not load" with Try again when a page's code cannot arrive.
 */

const viewports = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const parentEmails = toolById(tools, 'parent-communication-assistant');
const essay = toolById(tools, 'essay-buddy');
const longProject = { id: 'proj_1700000000001', name: 'Year 10 Biology revision for the summer exams', createdAt: '2026-11-01T09:00:00.000Z' };

/** How many lines a block of text takes: its height in its own line heights. */
async function linesOf(block: Locator): Promise<number> {
  return block.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
}

/** Goes to a route the way a link does, without a new page load: the code already loaded stays. */
async function goInApp(page: Page, hash: string): Promise<void> {
  await page.evaluate((to) => (window.location.hash = to), hash);
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test('one-line header and sample notice; Hide is remembered and the set-up steps are in Settings', async ({ page }) => {
      test.slow(); // One axe scan in two schemes.
      // A long project name: on a phone the Active project control then leaves the title little room.
      await seedStorage(page, { [storageKeys.projects]: [longProject], [storageKeys.activeProject]: longProject.id });
      await openTool(page, parentEmails);

      const header = appHeader(page);
      const title = header.locator('.header-title span');
      await expect(title).toHaveText(parentEmails.title);
      await expect(title).toHaveAttribute('title', parentEmails.title);
      const oneLine = await header.evaluate((element) => parseFloat(getComputedStyle(element).minHeight));
      expect((await header.boundingBox())!.height, 'the header is one line high').toBeLessThanOrEqual(oneLine + 1);
      // Cut, if at all, with an ellipsis and never mid-word onto a second line.
      await expect(title).toHaveCSS('white-space', 'nowrap');
      await expect(title).toHaveCSS('text-overflow', 'ellipsis');

      const banner = sampleBanner(page);
      await expect(banner).toContainText('Sample answers.');
      await expect(banner).not.toContainText('npm start');
      // On a phone the link says only "Connect an AI", to keep to one line.
      await expect(banner.getByRole('link', { name: /^Connect an AI/ })).toHaveAttribute('href', '#/settings');
      expect(await linesOf(banner.locator('p')), 'the notice is one line').toBe(1);
      await scan(page, `${size} header and sample notice`);

      // By keyboard: Hide goes, and focus lands on the page's heading rather than nowhere.
      await banner.getByRole('button', { name: 'Hide the sample-answers notice' }).focus();
      await page.keyboard.press('Enter');
      await expect(banner).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: parentEmails.title })).toBeFocused();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: parentEmails.title })).toBeVisible();
      await expect(banner).toHaveCount(0);

      await page.goto('#/settings');
      await page.getByText("Advanced (for a school's own backend)", { exact: true }).click();
      const steps = page.getByRole('region', { name: 'Running StudyForge yourself' });
      await expect(steps).toContainText('Start it with npm start and set GEMINI_API_KEY (or OPENAI_BASE_URL / OLLAMA_URL) in its .env.');
    });

    test('a recently used tool stays in its category and its tab', async ({ page }) => {
      await openTool(page, essay);
      await page.goto('#/dashboard');
      const panel = page.getByRole('tabpanel');
      const essayCard = panel.getByRole('link', { name: new RegExp(`^${essay.title}`) });
      await expect(page.getByRole('list', { name: 'Recently Used' }).getByRole('link', { name: new RegExp(`^${essay.title}`) })).toBeVisible();
      // The main list (All Tools, every category) leaves it out, as it is just above.
      await expect(essayCard).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Category' }).selectOption(essay.category);
      await expect(essayCard).toBeVisible();
      await page.getByRole('combobox', { name: 'Category' }).selectOption('all');
      await page.getByRole('tab', { name: 'For Students' }).click();
      await expect(essayCard).toBeVisible();
    });

    test('a page whose code cannot arrive says so plainly, and Try again loads it', async ({ page }) => {
      test.slow(); // One axe scan in two schemes.
      await page.goto('#/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      // The server goes away after the first load: no more of the app's code arrives.
      const offline = (route: Route) => route.abort('internetdisconnected');
      await page.route('**/assets/**', offline);

      await goInApp(page, '#/settings');
      const failed = page.getByRole('heading', { level: 1, name: 'This page could not load' });
      await expect(failed).toBeVisible();
      const main = page.getByRole('main');
      await expect(main).toContainText('Check your connection and try again.');
      await expect(main).not.toContainText(/dynamically imported module|Failed to fetch|Details/i);
      await scan(page, `${size} page that could not load`);

      await main.getByRole('button', { name: 'Try again' }).click();
      await expect(main.getByRole('status')).toContainText('It still could not load.');
      await page.unroute('**/assets/**', offline);
      await main.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

      // A tool's page, whose code is not loaded yet either.
      await page.route('**/assets/**', offline);
      await goInApp(page, `#/${essay.id}`);
      await expect(failed).toBeVisible();
      await page.unroute('**/assets/**', offline);
      await main.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('button', { name: essay.actionLabel ?? 'Generate', exact: true })).toBeVisible();
    });
  });
}
