import { expect, type Locator, type Page } from '@playwright/test';

/* Keyboard helpers for the keyboard-only flows (keyboard.spec.ts, keyboard-project.spec.ts). */

export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until the target has focus; a bounded number of presses, so a trap or a gap fails the test. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max && !(await isFocused(target)); presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

export function heading1(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}
