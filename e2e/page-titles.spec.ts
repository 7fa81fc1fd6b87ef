import { expect, test, type Page, type Route } from '@playwright/test';
import { flowProject, pauseClock, runClockUntil, seedStorage, storageKeys } from './support/app';
import { heading1, tabTo } from './support/keyboard';

/*
 * Two things a keyboard or screen-reader user meets on every visit, at laptop
 * and phone size: the browser tab names the screen they are on (the tab strip,
 * the history list and a screen reader's "page loaded" say where they are, and
 * a page whose code could not arrive still says which page it is), and the
 * Undo after a deletion waits for whoever is on it rather than vanishing after
 * ten seconds under their focus.
 */

const viewports = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** Moves within the running app, as a link does, so the code already loaded stays loaded. */
async function goInApp(page: Page, hash: string): Promise<void> {
  await page.evaluate((to) => (window.location.hash = to), hash);
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test('each screen names itself in the browser tab, a page that could not load included', async ({ page }) => {
      await seedStorage(page, { [storageKeys.projects]: [flowProject] });
      await page.goto('#/dashboard');
      await expect(heading1(page, 'Dashboard')).toBeVisible();
      await expect(page).toHaveTitle('Dashboard · StudyForge');

      await page.getByRole('link', { name: /^Essay Buddy/ }).first().click();
      await expect(heading1(page, 'Essay Buddy')).toBeVisible();
      await expect(page).toHaveTitle('Essay Buddy · StudyForge');

      await goInApp(page, '#/projects');
      await expect(heading1(page, 'Projects')).toBeVisible();
      await expect(page).toHaveTitle('Projects · StudyForge');
      await page.getByRole('link', { name: new RegExp(flowProject.name) }).click();
      await expect(heading1(page, flowProject.name)).toBeVisible();
      await expect(page).toHaveTitle(`${flowProject.name} · StudyForge`);

      // The server goes away: the Settings page's code cannot arrive, and the tab still says where the user is.
      const offline = (route: Route) => route.abort('internetdisconnected');
      await page.route('**/assets/**', offline);
      await goInApp(page, '#/settings');
      await expect(heading1(page, 'This page could not load')).toBeVisible();
      await expect(page).toHaveTitle('Settings · StudyForge');
      await page.unroute('**/assets/**', offline);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(heading1(page, 'Settings')).toBeVisible();
      await expect(page).toHaveTitle('Settings · StudyForge');
    });

    test('Undo stays while it has keyboard focus, past its ten seconds, and still brings the project back', async ({ page }) => {
      await seedStorage(page, { [storageKeys.projects]: [flowProject] });
      await page.goto(`#/projects/${flowProject.id}`);
      await expect(heading1(page, flowProject.name)).toBeFocused();
      // Paused, so only the notice's own time passes, on the test's word.
      await page.clock.install();
      await pauseClock(page);

      await tabTo(page, page.getByRole('button', { name: 'Delete project' }));
      await page.keyboard.press('Enter');
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByRole('button', { name: 'Yes, delete project' })).toBeFocused();
      await page.keyboard.press('Enter');
      const projectsHeading = heading1(page, 'Projects');
      // The Projects page loads on the paused clock too (React times its reveal).
      await runClockUntil(page, () => expect(projectsHeading).toBeFocused({ timeout: 200 }));
      const undo = page.getByRole('button', { name: 'Undo' });
      await tabTo(page, undo);

      await page.clock.runFor(15_000);
      await expect(undo).toBeFocused();
      // Leaving it gives it its whole time again, counted from then.
      await page.keyboard.press('Shift+Tab');
      await expect(undo).not.toBeFocused();
      await page.clock.runFor(9_000);
      await expect(undo).toBeVisible();
      await tabTo(page, undo);
      await page.clock.runFor(15_000);
      await expect(undo).toBeFocused();

      await page.keyboard.press('Enter');
      const restored = page.getByRole('link', { name: new RegExp(flowProject.name) });
      await expect(restored).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: `Restored “${flowProject.name}”.` })).toBeVisible();
    });
  });
}
