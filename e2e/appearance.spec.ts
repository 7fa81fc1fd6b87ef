import { expect, test, type Page } from '@playwright/test';
import { fakeBackend, fillFromExample, generateButton, openTool, resultRegion, seedBackend, seedRawStorage, sidebar, storageKeys, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * The colour theme (the system's, or Light or Dark chosen in Settings,
 * remembered in this browser, set as data-theme on <html> before the first
 * render) and reduced motion (nothing animates or transitions when the
 * system asks for less motion). Contrast in both themes is axe's job, in
 * a11y.spec.ts.
 */

const tools = await loadRegistry();

const LIGHT_BG = 'rgb(246, 247, 251)';
const DARK_BG = 'rgb(15, 19, 32)';

function theme(page: Page) {
  return page.locator('html');
}

async function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

test.describe('theme', () => {
  test('follows the system setting, also when it changes while the app is open', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('#/dashboard');
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    expect(await pageBackground(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
    expect(await pageBackground(page)).toBe(LIGHT_BG);
  });

  test('Settings offers System, Light and Dark as a labelled radio group, used by keyboard, and remembers the choice', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('#/settings');
    const group = page.getByRole('group', { name: 'Theme' });
    const radio = (name: string) => group.getByRole('radio', { name });
    await expect(radio('System')).toBeChecked();
    await expect(radio('System')).toHaveAccessibleDescription('Light or dark, as this device is set.');

    // Keyboard only: Tab into the group (one stop), arrows move the choice.
    for (let presses = 0; presses < 40 && !(await radio('System').evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(radio('System')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(radio('Light')).toBeChecked();
    await expect(theme(page)).toHaveAttribute('data-theme', 'light'); // Against the system's dark.
    expect(await pageBackground(page)).toBe(LIGHT_BG);
    await page.keyboard.press('ArrowDown');
    await expect(radio('Dark')).toBeChecked();
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark'); // A choice overrides the system.
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.theme)).toBe('"dark"');

    await page.reload();
    await expect(radio('Dark')).toBeChecked();
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');

    await radio('System').check();
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
  });

  test('a stored choice is applied before the app first renders: no flash of the other theme', async ({ page }) => {
    await seedRawStorage(page, { [storageKeys.theme]: '"dark"' });
    // Record the theme at the moment the app puts anything on the page.
    await page.addInitScript(() => {
      const seen: (string | undefined)[] = [];
      Object.assign(window, { __themeAtFirstRender: seen });
      new MutationObserver((_, observer) => {
        const root = document.getElementById('root');
        if (root && root.childElementCount > 0) {
          seen.push(document.documentElement.dataset.theme);
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('#/dashboard');
    await expect(page.getByRole('tab', { name: 'All Tools' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __themeAtFirstRender: unknown[] }).__themeAtFirstRender)).toEqual(['dark']);
  });

  test('an unreadable stored choice is discarded: the system setting applies', async ({ page }) => {
    await seedRawStorage(page, { [storageKeys.theme]: '"purple"' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('#/settings');
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  });

  test('a choice made in another tab applies in this one', async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('#/dashboard');
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
    const other = await context.newPage();
    await other.goto('#/settings');
    await other.getByRole('radio', { name: 'Dark' }).check();
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('reduced motion', () => {
  const flashcards = toolById(tools, 'flashcard-generator');
  const smartNotes = toolById(tools, 'smart-notes');

  /** Every CSS animation and transition running in the page right now. */
  function runningAnimations(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      document.getAnimations().map((a) => `${a.constructor.name} on ${(a.effect as KeyframeEffect | null)?.target?.className ?? '?'}`),
    );
  }

  /** Computed animation and transition of each element matching the selector. */
  function motionOf(page: Page, selector: string) {
    return page.locator(selector).evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        return { animation: style.animationName, transition: style.transitionDuration.split(', ').every((d) => d === '0s') ? 'none' : style.transitionDuration };
      }),
    );
  }

  async function generateHeld(page: Page) {
    await seedBackend(page);
    const backend = await fakeBackend(page, { json: { text: String(smartNotes.example.output) } });
    const release = backend.hold();
    await openTool(page, smartNotes);
    await fillFromExample(page, smartNotes);
    await generateButton(page, smartNotes).click();
    await expect(page.getByRole('button', { name: 'Generating...' })).toBeVisible();
    return release;
  }

  test('without the setting the spinner turns (the check below can see motion)', async ({ page }) => {
    const release = await generateHeld(page);
    expect(await motionOf(page, '.spinner')).toContainEqual({ animation: 'spin', transition: 'none' });
    expect((await runningAnimations(page)).length).toBeGreaterThan(0);
    release();
  });

  test.describe('with the setting', () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    test('the spinners stand still', async ({ page }) => {
      const release = await generateHeld(page);
      const spinners = await motionOf(page, '.spinner');
      expect(spinners.length).toBeGreaterThanOrEqual(2); // In the button and in the loading card.
      for (const spinner of spinners) expect(spinner).toEqual({ animation: 'none', transition: 'none' });
      expect(await runningAnimations(page)).toEqual([]);
      release();
      await expect(resultRegion(page)).toBeVisible();
    });

    test('a flashcard changes side without turning', async ({ page }) => {
      await openTool(page, flashcards);
      await fillFromExample(page, flashcards);
      await generateButton(page, flashcards).click();
      const card = resultRegion(page).getByRole('button', { name: /^Question:/ });
      await card.click();
      await expect(resultRegion(page).getByRole('button', { name: /^Answer:/ })).toBeVisible();
      expect(await motionOf(page, '.flashcard-inner')).toEqual([{ animation: 'none', transition: 'none' }]);
      expect(await runningAnimations(page)).toEqual([]);
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test('the menu appears and goes without sliding', async ({ page }) => {
        await page.goto('#/dashboard');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(sidebar(page)).toBeVisible();
        expect(await motionOf(page, '.sidebar')).toEqual([{ animation: 'none', transition: 'none' }]);
        expect(await runningAnimations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(sidebar(page)).toBeHidden();
        expect(await runningAnimations(page)).toEqual([]);
      });
    });
  });
});
