import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { flowProject, generateExample, openTool, resultRegion, seedStorage, sidebar, storageKeys, toolById } from './support/app';
import { scriptSpeechRecognition, sineWav } from './support/media';
import { expectedTextOf } from './support/registry';
import { heading1, tools, scan } from './support/a11y';

/*
 * axe-core, continued from a11y.spec.ts (same rules and schemes): the bespoke
 * screens in each of their states, and the mobile menu.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const quizItem = z.object({ question: z.string(), options: z.array(z.string()), answer: z.string(), type: z.string().optional() });

// Each flow generates several results and runs axe on each state (about 25 s alone on 2 cores): more than
// the default 30 s once two workers share the cores.
test.describe.configure({ timeout: 90_000 });

test.describe('bespoke screens', () => {
  test('quiz: remediation, its answered follow-up, and the finished review', async ({ page }) => {
    const tool = toolById(tools, 'quiz-whiz');
    const items = z.array(quizItem).parse(tool.example.output);
    const result = await generateExample(page, tool);
    const first = items[0]!;
    const group = result.getByRole('group', { name: first.question, exact: true });
    await group.getByRole('button', { name: first.options.find((o) => o !== first.answer), exact: true }).click();
    const followUp = result.getByRole('region', { name: 'Try this one' });
    await expect(followUp).toBeVisible();
    await scan(page, 'quiz remediation');
    await followUp.getByRole('group').getByRole('button').first().click();
    await expect(result.getByRole('button', { name: 'Continue Quiz' })).toBeFocused();
    await scan(page, 'quiz remediation, follow-up answered');
    await result.getByRole('button', { name: 'Continue Quiz' }).click();
    for (const item of items.slice(1)) {
      await result.getByRole('group', { name: item.question, exact: true }).getByRole('button', { name: item.answer, exact: true }).click();
      // A right answer stays on its question, marked, until the student moves on.
      await result.getByRole('button', { name: /^(Next question|See your score)$/ }).click();
    }
    await expect(result.getByRole('heading', { name: 'Quiz complete' })).toBeVisible();
    await scan(page, 'quiz finished');
  });

  test('flashcards flipped, tabs switched, audio and rehearsal widgets', async ({ page }) => {
    const flashcards = await generateExample(page, toolById(tools, 'flashcard-generator'));
    await flashcards.getByRole('button', { name: /^Question:/ }).click();
    await expect(flashcards.getByRole('button', { name: /^Answer:/ })).toBeVisible();
    await scan(page, 'flashcards, answer side');
    await flashcards.getByRole('button', { name: 'Next' }).click();
    await scan(page, 'flashcards, second card');

    for (const id of ['concept-cracker', 'differentiated-text-generator']) {
      const tabs = await generateExample(page, toolById(tools, id));
      await tabs.getByRole('tab').last().click();
      await expect(tabs.getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
      await scan(page, `${id}, last tab`);
    }

    const audioNotes = toolById(tools, 'audio-notes');
    await openTool(page, audioNotes);
    await page.getByLabel('Upload audio or video').setInputFiles({ name: 'lecture.wav', mimeType: 'audio/wav', buffer: sineWav(1) });
    await expect(resultRegion(page)).toContainText(expectedTextOf(audioNotes));
    await scan(page, 'audio notes after an upload');
    await page.getByLabel('Upload audio or video').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByRole('alert')).toContainText('Please choose an audio or video file.');
    await scan(page, 'audio notes, refused file');
  });

  test('rehearsal coach: listening with a live transcript, then the feedback', async ({ page }) => {
    await page.clock.install();
    await scriptSpeechRecognition(page, {
      results: [
        { text: 'Um, today I want to talk about why bees matter.', final: true, atMs: 500 },
        { text: 'So basically we should plant wild flowers', final: false, atMs: 1_000 },
      ],
    });
    const coach = toolById(tools, 'presentation-rehearsal-coach');
    await openTool(page, coach);
    await page.getByRole('button', { name: 'Start Rehearsing' }).click();
    await page.clock.runFor(1_500);
    await expect(page.getByLabel('Live transcript')).toContainText('wild flowers');
    await scan(page, 'rehearsal, listening');
    await page.clock.runFor(5_000);
    await page.getByRole('button', { name: 'Stop Rehearsing' }).click();
    await page.clock.runFor(1_000);
    await expect(resultRegion(page)).toBeVisible();
    await scan(page, 'rehearsal, feedback');
  });
});

test.describe('settings', () => {
  test('names sent as typed in one tool, and the "Delete all my data" confirmation open', async ({ page }) => {
    await seedStorage(page, {
      [storageKeys.projects]: [flowProject],
      [storageKeys.privacy]: { replaceNames: false, namesSentBy: ['parent-communication-assistant'] },
    });
    await page.goto('#/settings');
    await expect(heading1(page, 'Settings')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace names again in Parent Communication Assistant' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete all my data' }).click();
    await expect(page.getByRole('button', { name: 'Export all projects first' })).toBeFocused();
    await scan(page, 'settings: names warning, a tool sending names, delete-all confirmation');
  });
});

test.describe('what will be sent', () => {
  test('open on a teacher tool, with names replaced, then sent as typed with its warning', async ({ page }) => {
    const parentEmail = toolById(tools, 'parent-communication-assistant');
    await openTool(page, parentEmail);
    await page.getByLabel('Student’s first name').fill('Siobhan');
    await page.getByLabel('Your notes').fill('Siobhan finished four books.');
    await page.getByText('What will be sent', { exact: true }).click();
    await expect(page.getByLabel('Request body')).toContainText('Student A');
    await scan(page, 'what will be sent: names replaced');
    await page.getByRole('switch', { name: 'Replace names with placeholders for this tool' }).click();
    await expect(page.getByRole('alert')).toContainText('Names you typed will be sent as they are');
    await scan(page, 'what will be sent: names sent as typed');
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu open, on the dashboard and on a tool', async ({ page }) => {
    await page.goto('#/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();
    await scan(page, 'mobile dashboard, menu open');
    await page.keyboard.press('Escape');
    await scan(page, 'mobile dashboard, menu closed');

    // Tabs that wrap into pills, and a table (keyword definitions), at phone width.
    for (const id of ['concept-cracker', 'keyword-extractor']) {
      await generateExample(page, toolById(tools, id));
      await scan(page, `mobile ${id} result`);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();
    await scan(page, 'mobile tool, menu open');
  });
});
