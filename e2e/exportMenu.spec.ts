import { expect, test, type Locator, type Page } from '@playwright/test';
import { appHeader, generateExample, toolById } from './support/app';
import { scan, tools } from './support/a11y';

/*
 * The Export menu behaves as a menu button does (WAI-ARIA menu button pattern),
 * at laptop and at phone size: it floats below the button without moving the
 * header or the result, a click or tap elsewhere closes it, Escape closes it
 * and gives focus back to Export, and the arrow keys move between formats.
 */

const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const essay = toolById(tools, 'essay-buddy');

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/** Where the page's header, the result card, its heading and its Copy button sit. */
async function layoutOf(page: Page, result: Locator): Promise<Record<string, Box>> {
  return {
    'app header': await boxOf(appHeader(page)),
    result: await boxOf(result),
    'result heading': await boxOf(result.getByRole('heading', { name: 'Result', exact: true })),
    'Copy button': await boxOf(result.getByRole('button', { name: /^Copy/ })),
  };
}

/** The layout once it has stopped changing (the result scrolls into view smoothly after Generate). */
async function settledLayoutOf(page: Page, result: Locator): Promise<Record<string, Box>> {
  let last = await layoutOf(page, result);
  await expect
    .poll(async () => {
      const now = await layoutOf(page, result);
      const same = JSON.stringify(now) === JSON.stringify(last);
      last = now;
      return same;
    }, { message: 'the page stops scrolling' })
    .toBe(true);
  return last;
}

async function exportMenuFlow(page: Page, viewport: { width: number }, clickOutside: (plainText: Locator) => Promise<void>) {
  test.slow(); // One axe scan in two schemes.
  const result = await generateExample(page, essay);
  const exportButton = result.getByRole('button', { name: /^Export/ });
  const formats = result.getByRole('list', { name: 'Export formats' });
  await expect(exportButton).toHaveAttribute('aria-haspopup', 'true');
  await expect(exportButton).toHaveAttribute('aria-expanded', 'false');
  // Clicking scrolls the button into view first: scroll now, so only the menu could move anything.
  await exportButton.scrollIntoViewIfNeeded();
  const before = await settledLayoutOf(page, result);

  await exportButton.click();
  await expect(formats).toBeVisible();
  await expect(exportButton).toHaveAttribute('aria-expanded', 'true');
  expect(await layoutOf(page, result), 'nothing moves when the menu opens').toEqual(before);
  const menuBox = await boxOf(formats);
  expect(menuBox.x, 'the menu starts on the screen').toBeGreaterThanOrEqual(0);
  expect(menuBox.x + menuBox.width, 'the menu ends on the screen').toBeLessThanOrEqual(viewport.width);
  expect(menuBox.y, 'the menu opens below the button').toBeGreaterThanOrEqual((await boxOf(exportButton)).y);
  await scan(page, 'open Export menu');

  // A click or tap elsewhere closes it: on the page title, plain text that takes no focus, so only the press itself can.
  await clickOutside(appHeader(page).getByText(essay.title, { exact: true }));
  await expect(formats).toBeHidden();
  await expect(exportButton).toHaveAttribute('aria-expanded', 'false');

  // Escape closes it and gives focus back to Export.
  await exportButton.click();
  await expect(formats.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(formats).toBeHidden();
  await expect(exportButton).toBeFocused();

  // From the keyboard: Down opens it at the first format, the arrows move and wrap round, Home and End jump.
  await page.keyboard.press('ArrowDown');
  const entries = formats.getByRole('button');
  await expect(entries.first()).toBeFocused();
  const count = await entries.count();
  expect(count, 'the menu has more than one format to move between').toBeGreaterThan(1);
  await page.keyboard.press('ArrowDown');
  await expect(entries.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(entries.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(entries.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(entries.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(entries.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(exportButton).toBeFocused();
}

test.describe('at laptop size', () => {
  test.use({ viewport: laptop });
  test('the Export menu floats, closes on an outside click and on Escape, and moves with the arrows', async ({ page }) => {
    await exportMenuFlow(page, laptop, (title) => title.click());
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: phone, hasTouch: true });
  test('the Export menu floats on the screen, closes on a tap outside and on Escape', async ({ page }) => {
    await exportMenuFlow(page, phone, (title) => title.tap());
  });
});
