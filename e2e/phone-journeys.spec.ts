import { expect, test, type Page } from '@playwright/test';
import { appHeader, fillFromExample, generateButton, openTool, resultRegion, sampleBanner, seedStorage, storageKeys, toolById } from './support/app';
import { scan, tools } from './support/a11y';

/*
 * Journeys on a phone (390x844): a header whose project picker never hides
 * the page title, a sample notice that is short and can be hidden, and
 * flashcards that say "tap" and turn with a swipe.
 */

const phone = { width: 390, height: 844 };
const parentEmails = toolById(tools, 'parent-communication-assistant');
const flashcards = toolById(tools, 'flashcard-generator');
const longProject = { id: 'proj_1700000000001', name: 'Year 10 Biology revision for the summer exams', createdAt: '2026-11-01T09:00:00.000Z' };

test.describe('on a phone', () => {
  test.use({ viewport: phone });

  test('the header keeps the page title, cut short with its full name kept, beside a compact Active project control', async ({ page }) => {
    test.slow(); // Two axe scans.
    await seedStorage(page, { [storageKeys.projects]: [longProject], [storageKeys.activeProject]: longProject.id });
    await openTool(page, parentEmails);
    const header = appHeader(page);
    const title = header.getByText(parentEmails.title, { exact: true });
    const picker = header.getByRole('combobox', { name: 'Active project' });
    await expect(title).toBeVisible();
    await expect(picker).toHaveValue(longProject.id);
    // The menu the select opens names the project in full.
    await expect(picker.locator('option:checked')).toHaveText(longProject.name);
    // One line: a long name ends with an ellipsis, and keeps its full name as its title (the page's h1 has it too).
    await expect(header.locator('.header-title span')).toHaveAttribute('title', parentEmails.title);
    const titleBox = (await title.boundingBox())!;
    const pickerBox = (await picker.boundingBox())!;
    expect(titleBox.x + titleBox.width, 'the title ends before the picker starts').toBeLessThanOrEqual(pickerBox.x);
    expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(phone.width);

    await header.getByRole('combobox', { name: 'Active project' }).selectOption('');
    await expect(picker.locator('option:checked')).toHaveText('No project');
    await scan(page, 'phone header');
  });

  test('the sample notice is one short line, and Hide keeps it away', async ({ page }) => {
    test.slow(); // Two axe scans.
    await page.goto('#/dashboard');
    const banner = sampleBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Connect an AI' })).toHaveAttribute('href', '#/settings');
    const box = (await banner.boundingBox())!;
    expect(box.height, 'the notice takes at most a tenth of the screen').toBeLessThanOrEqual(phone.height / 10);
    await scan(page, 'phone sample notice');

    await banner.getByRole('button', { name: 'Hide the sample-answers notice' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(sampleBanner(page)).toBeHidden();
    // Hidden in this browser, on a wider screen as well (e2e/shell-polish.spec.ts has the laptop's own flow).
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(sampleBanner(page)).toBeHidden();
  });
});

test.describe('flashcards on a touch screen', () => {
  test.use({ viewport: phone, hasTouch: true, isMobile: true });

  /** A real finger's swipe, through Chromium's touch input: pointer events come from the browser, as on a phone. */
  async function swipe(page: Page, fromX: number, toX: number, y: number) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    for (let step = 1; step <= 6; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * step) / 6, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('the hint says tap, a tap flips the card, and a swipe turns it', async ({ page }) => {
    const cards = flashcards.example.output as { question: string; answer: string }[];
    await openTool(page, flashcards);
    await fillFromExample(page, flashcards);
    await generateButton(page, flashcards).click();
    const result = resultRegion(page);
    await expect(result.getByText(`Card 1 of ${cards.length}`)).toBeVisible();
    await expect(result.getByText(/^Tap the card to show the answer; swipe left or right/)).toBeVisible();

    const card = result.getByRole('button', { name: /^(Question|Answer):/ });
    await card.scrollIntoViewIfNeeded();
    await card.tap();
    await expect(card).toHaveAccessibleName(`Answer: ${cards[0]!.answer}`);
    await card.tap();
    await expect(card).toHaveAccessibleName(`Question: ${cards[0]!.question}`);
    const box = (await card.boundingBox())!;
    const y = box.y + box.height / 2;
    await swipe(page, box.x + box.width * 0.8, box.x + box.width * 0.2, y);
    await expect(result.getByText(`Card 2 of ${cards.length}`)).toBeVisible();
    await expect(card).toHaveAccessibleName(`Question: ${cards[1]!.question}`);
    await swipe(page, box.x + box.width * 0.2, box.x + box.width * 0.8, y);
    await expect(result.getByText(`Card 1 of ${cards.length}`)).toBeVisible();
    await expect(card).toHaveAccessibleName(`Question: ${cards[0]!.question}`);
  });
});
