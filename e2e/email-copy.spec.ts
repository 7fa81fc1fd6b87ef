import { expect, test, type Page } from '@playwright/test';
import { generateExample, resultRegion, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * A parent email goes into an email client in two pastes: the subject line
 * into the subject box (without "Subject:"), the rest into the body. Copy
 * still takes the whole answer, for pasting into a document.
 */

const tools = await loadRegistry();
const parentEmails = toolById(tools, 'parent-communication-assistant');
const whole = parentEmails.example.output as string;
// Worked out here by hand from the example, not by the code under test.
const [subjectLine = '', ...rest] = whole.split('\n');
const subject = subjectLine.replace('**Subject:** ', '');
const body = rest.join('\n').trim();

const phone = { width: 390, height: 844 };

async function copyWith(page: Page, label: string): Promise<string> {
  const result = resultRegion(page);
  await result.getByRole('button', { name: label, exact: true }).click();
  await expect(result.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  // The confirmation goes, so the next copy's own confirmation is the one waited for.
  await expect(result.getByRole('button', { name: 'Copied', exact: true })).toHaveCount(0);
  return text;
}

async function subjectThenBody(page: Page) {
  const result = await generateExample(page, parentEmails);
  await expect(result).toContainText('[School name]');
  expect(subject).toBe('Leo’s great progress in reading this term');
  expect(await copyWith(page, 'Copy subject')).toBe(subject);
  const copiedBody = await copyWith(page, 'Copy body');
  expect(copiedBody).toBe(body);
  expect(copiedBody).not.toContain('Subject');
  expect(copiedBody.startsWith('Dear Mrs Okafor,')).toBe(true);
  // The whole answer is still one click away.
  expect(await copyWith(page, 'Copy')).toBe(whole);
}

test.describe('parent email: subject and body copied separately', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('on a laptop: Copy subject holds only the subject, Copy body only the body', async ({ page }) => {
    await subjectThenBody(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: phone });

    test('Copy subject and Copy body fit beside Copy and copy each part', async ({ page }) => {
      await subjectThenBody(page);
      const actions = resultRegion(page).locator('.result-actions');
      const overflows = await actions.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(overflows, 'the result actions run off the phone screen').toBe(false);
    });
  });
});
