import { expect, test, type Page } from '@playwright/test';
import { messages } from '../src/kernel/messages';
import { speechMetrics } from '../registry/shared/speechMetrics';
import { openTool, pauseClockOnForm, resultRegion, runClockUntil, seedStorage, storageKeys, toolById } from './support/app';
import { removeSpeechRecognition, scriptSpeechRecognition } from './support/media';
import { loadRegistry } from './support/registry';

/*
 * The rehearsal coach (spec 4, 5, 8): rehearsing with a scripted speech
 * recogniser (no voice needed), the metrics computed in the browser, the
 * model's feedback, each error, and the recording fallback for browsers
 * without speech recognition.
 */

const tools = await loadRegistry();
const coach = toolById(tools, 'presentation-rehearsal-coach');
const feedback = (coach.example.output as { qualitativeFeedback: string }).qualitativeFeedback;

const recordingGroup = 'browsers without speech recognition but with a microphone';

const talk = [
  { text: 'Um, today I want to talk about why bees matter.', final: true, atMs: 1_000 },
  { text: 'You know, a third of our food depends on pollinators.', final: true, atMs: 4_000 },
  { text: 'So basically we should plant wild flowers', final: false, atMs: 7_000 },
];

async function rehearse(page: Page, seconds: number) {
  // Paused, so only runFor moves time: the real time a busy machine takes between the clicks is not counted as speech.
  // Once the form (its widget with it) is on screen: it comes a frame after the heading, on the fake clock.
  await pauseClockOnForm(page, coach);
  await page.getByRole('button', { name: 'Start Rehearsing' }).click();
  await page.clock.runFor(seconds * 1000);
  await page.getByRole('button', { name: 'Stop Rehearsing' }).click();
  await page.clock.runFor(100);
}

// The scripted recogniser runs on the page's clock, so these flows need no real waiting.
test.beforeEach(async ({ page }, testInfo) => {
  if (!testInfo.titlePath.includes(recordingGroup)) await page.clock.install();
});

test('rehearsing shows the live transcript, then the metrics and the feedback', async ({ page }) => {
  await scriptSpeechRecognition(page, { results: talk });
  await openTool(page, coach);
  // Paused, so only runFor moves time: on a busy machine the real second a step takes would be counted in the talk's length.
  await pauseClockOnForm(page, coach);
  await page.getByRole('button', { name: 'Start Rehearsing' }).click();
  await expect(page.getByRole('button', { name: 'Stop Rehearsing' })).toHaveAttribute('aria-pressed', 'true');
  await page.clock.runFor(4_500);
  const live = page.getByLabel('Live transcript');
  await expect(live).toContainText('why bees matter.');
  await expect(live).toContainText('a third of our food');
  await page.clock.runFor(25_500);
  await page.getByRole('button', { name: 'Stop Rehearsing' }).click();
  await page.clock.runFor(1_000);

  const transcript = talk.map((t) => t.text).join(' ');
  const expected = speechMetrics(transcript, 30);
  await expect(page.getByRole('textbox', { name: 'What you said' })).toHaveValue(transcript);
  await expect(page.getByRole('spinbutton', { name: 'How long it took (seconds)' })).toHaveValue('30');

  const result = resultRegion(page);
  // The feedback is markdown, shown formatted: its first heading's words, without the marks.
  await runClockUntil(page, () => expect(result).toContainText((feedback.split('\n')[0] ?? '').replace(/^#+\s*/, ''), { timeout: 200 }));
  await expect(result).toContainText(`Words${expected.wordCount}`);
  await expect(result).toContainText(`Words per minute${expected.wordsPerMinute}`);
  for (const filler of expected.fillerWords) {
    await expect(result.getByRole('row', { name: `${filler.word} ${filler.count}` })).toBeVisible();
  }
});

test('under one second of speech is not enough', async ({ page }) => {
  await scriptSpeechRecognition(page, { results: [{ text: 'Hi', final: true, atMs: 100 }] });
  await openTool(page, coach);
  await rehearse(page, 0.5);
  await expect(page.getByRole('alert')).toContainText(messages.notEnoughSpeech);
  await expect(resultRegion(page)).toHaveCount(0);
});

test('silence is not enough either', async ({ page }) => {
  await scriptSpeechRecognition(page, { results: [] });
  await openTool(page, coach);
  await rehearse(page, 5);
  await expect(page.getByRole('alert')).toContainText('Not enough speech was detected to provide feedback.');
});

test('an engine error is reported with its code', async ({ page }) => {
  await scriptSpeechRecognition(page, { results: [], error: 'not-allowed' });
  await openTool(page, coach);
  await page.getByRole('button', { name: 'Start Rehearsing' }).click();
  await page.clock.runFor(500);
  await expect(page.getByRole('alert')).toContainText('Speech recognition error: not-allowed');
  await expect(page.getByRole('button', { name: 'Start Rehearsing' })).toBeEnabled();
});

test('a blocked microphone says what to do: allow it, or type the talk instead', async ({ page }) => {
  await scriptSpeechRecognition(page, { results: [], error: 'not-allowed' });
  await openTool(page, coach);
  await page.getByRole('button', { name: 'Start Rehearsing' }).click();
  await page.clock.runFor(500);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Speech recognition error: not-allowed');
  await expect(alert).toContainText(
    "The browser did not let this page use the microphone. Allow the microphone for this site in the browser's site settings (the icon beside the address), then press Start Rehearsing again; or type what you said in 'What you said' below and press Get Feedback.",
  );

  // The way out it names works.
  await page.getByRole('textbox', { name: 'What you said' }).fill('Bees pollinate a third of our food, so we should protect them.');
  await page.getByRole('button', { name: 'Get Feedback' }).click();
  await page.clock.runFor(1_000);
  await runClockUntil(page, () => expect(resultRegion(page)).toContainText('Words12', { timeout: 200 }));
});

test('other recognition errors say what to do too', async ({ page }) => {
  await scriptSpeechRecognition(page, { results: [], error: 'audio-capture' });
  await openTool(page, coach);
  await page.getByRole('button', { name: 'Start Rehearsing' }).click();
  await page.clock.runFor(500);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Speech recognition error: audio-capture');
  await expect(alert).toContainText('No microphone was found.');
  await expect(alert).toContainText("or type what you said in 'What you said' below and press Get Feedback.");
});

test('without speech recognition or recording, the spec message shows and typing still works', async ({ page }) => {
  await removeSpeechRecognition(page, true);
  await openTool(page, coach);
  await page.getByRole('button', { name: 'Start Rehearsing' }).click();
  await expect(page.getByRole('alert')).toContainText(messages.speechUnsupported);
  await page.getByRole('textbox', { name: 'What you said' }).fill('Bees pollinate a third of our food, so we should protect them.');
  await page.getByRole('button', { name: 'Get Feedback' }).click();
  await page.clock.runFor(1_000);
  await runClockUntil(page, () => expect(resultRegion(page)).toContainText('Words12', { timeout: 200 }));
});

// Real time here: Chromium's fake microphone and MediaRecorder do not run on the page's fake clock.
test.describe(recordingGroup, () => {
  test('record the talk instead; it is transcribed and analysed', async ({ page }) => {
    await removeSpeechRecognition(page);
    await seedStorage(page, { [storageKeys.settings]: { transcribeUrl: 'http://127.0.0.1:9/stt' } });
    await page.route('**/speechtotext/speechtotext/transcribe-audio/', (route) =>
      route.fulfill({ json: { text: 'Um, bees matter because they pollinate our crops.' } }),
    );
    await openTool(page, coach);
    await expect(page.getByText('This browser cannot transcribe speech live')).toBeVisible();
    await page.getByRole('button', { name: 'Record your talk' }).click();
    await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
    await page.waitForTimeout(1_600); // The talk must last over a second (spec 5).
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expect(page.getByRole('textbox', { name: 'What you said' })).toHaveValue('Um, bees matter because they pollinate our crops.');
    await expect(page.getByRole('spinbutton', { name: 'How long it took (seconds)' })).toHaveValue(/^[23]$/);
    await expect(resultRegion(page)).toContainText('Words8');
  });
});
