import { expect, test } from '@playwright/test';
import { messages } from '../src/kernel/messages';
import { fakeBackend, openTool, resultRegion, seedStorage, storageKeys, toolById } from './support/app';
import { denyMicrophone, sineWav } from './support/media';
import { expectedTextOf, loadRegistry } from './support/registry';

/*
 * Audio Notes (spec 4: idle, transcribing, summarizing, back to idle): upload
 * or record, transcribe through the spec 7.2 contract (or the offline sample
 * transcriber), then summarise; and every error of spec 8.
 */

const tools = await loadRegistry();
const audioNotes = toolById(tools, 'audio-notes');
const exampleTranscript = (audioNotes.example.input as { transcript: string }).transcript;
const transcribeRoute = '**/speechtotext/speechtotext/transcribe-audio/';

const wavFile = { name: 'lecture.wav', mimeType: 'audio/wav', buffer: sineWav(1) };

test('an uploaded recording is transcribed, then summarised', async ({ page }) => {
  await openTool(page, audioNotes);
  await page.getByLabel('Upload audio or video').setInputFiles(wavFile);
  // The sample transcriber's busy state lasts half a second; the held flows below check each state.
  await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue(exampleTranscript);
  await expect(resultRegion(page)).toContainText(expectedTextOf(audioNotes));
  // Back to idle: ready for another recording.
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
});

test('a file that is neither audio nor video is refused', async ({ page }) => {
  await openTool(page, audioNotes);
  await page.getByLabel('Upload audio or video').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toContainText('Please choose an audio or video file.');
  await expect(resultRegion(page)).toHaveCount(0);
});

test('the upload accepts audio and video files', async ({ page }) => {
  await openTool(page, audioNotes);
  await expect(page.getByLabel('Upload audio or video')).toHaveAttribute('accept', 'audio/*,video/*');
});

test.describe('with a transcription service', () => {
  const transcribeUrl = 'http://127.0.0.1:9/stt';

  test.beforeEach(async ({ page }) => {
    await seedStorage(page, { [storageKeys.settings]: { transcribeUrl } });
  });

  test('sends the contract request and goes transcribing -> summarizing -> idle', async ({ page }) => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const received: { headers: Record<string, string>; body: string }[] = [];
    await page.route(transcribeRoute, async (route) => {
      const request = route.request();
      received.push({ headers: await request.allHeaders(), body: request.postDataBuffer()?.toString('latin1') ?? '' });
      await gate;
      await route.fulfill({ json: { text: 'Mitochondria release energy from glucose in aerobic respiration.' } });
    });
    await openTool(page, audioNotes);
    await page.getByLabel('Upload audio or video').setInputFiles(wavFile);
    await expect(page.getByRole('status').filter({ hasText: 'Transcribing your audio...' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start recording' })).toBeDisabled();
    // The transcription client loads as the upload starts, so the request may leave a moment after the status.
    await expect.poll(() => received.length).toBe(1);

    expect(received[0]?.headers.accept).toBe('application/json');
    expect(received[0]?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(received[0]?.body).toContain('name="file"; filename="lecture.wav"');
    expect(received[0]?.body).toContain('Content-Type: audio/wav');

    release();
    await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue('Mitochondria release energy from glucose in aerobic respiration.');
    await expect(resultRegion(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  });

  test('a server error says the transcription failed and keeps the form usable', async ({ page }) => {
    await page.route(transcribeRoute, (route) => route.fulfill({ status: 500, json: { detail: 'model crashed' } }));
    await openTool(page, audioNotes);
    await page.getByLabel('Upload audio or video').setInputFiles(wavFile);
    await expect(page.getByRole('alert')).toContainText(messages.transcriptionFailed);
    await expect(page.getByRole('alert')).toContainText('Error');
    await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
    await expect(resultRegion(page)).toHaveCount(0);
  });

  test('an empty transcript says no text was returned', async ({ page }) => {
    await page.route(transcribeRoute, (route) => route.fulfill({ json: { text: '' } }));
    await openTool(page, audioNotes);
    await page.getByLabel('Upload audio or video').setInputFiles(wavFile);
    await expect(page.getByRole('alert')).toContainText('Transcription successful, but no text was returned.');
  });
});

test("shows 'Summarizing...' while the transcript is being summarised", async ({ page }) => {
  await page.route(transcribeRoute, (route) => route.fulfill({ json: { text: 'A short lecture on photosynthesis.' } }));
  await seedStorage(page, { [storageKeys.settings]: { backendUrl: 'http://127.0.0.1:9/backend', publicKey: 'test-public-key', transcribeUrl: 'http://127.0.0.1:9/stt' } });
  const backend = await fakeBackend(page, { json: { text: JSON.stringify(audioNotes.example.output) } });
  const release = backend.hold();
  await openTool(page, audioNotes);
  await page.getByLabel('Upload audio or video').setInputFiles(wavFile);
  await expect(page.getByRole('status').filter({ hasText: 'Summarizing...' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  release();
  await expect(resultRegion(page)).toContainText(expectedTextOf(audioNotes));
  expect((backend.bodies()[0] as { contents: string }).contents).toContain('A short lecture on photosynthesis.');
});

test('a refused microphone gives the spec message', async ({ page }) => {
  await denyMicrophone(page);
  await openTool(page, audioNotes);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('alert')).toContainText(messages.microphoneDenied);
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
});

test.describe('recording with the microphone', () => {
  test('records webm, transcribes and summarises', async ({ page }) => {
    const uploads: string[] = [];
    await seedStorage(page, { [storageKeys.settings]: { transcribeUrl: 'http://127.0.0.1:9/stt' } });
    await page.route(transcribeRoute, async (route) => {
      uploads.push(route.request().postDataBuffer()?.toString('latin1') ?? '');
      await route.fulfill({ json: { text: 'Recorded lecture about the water cycle.' } });
    });
    await openTool(page, audioNotes);
    const record = page.getByRole('button', { name: 'Start recording' });
    await record.click();
    const stop = page.getByRole('button', { name: 'Stop recording' });
    await expect(stop).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Recording...' })).toBeVisible();
    await page.waitForTimeout(1200); // Real time: the fake microphone has to produce some audio.
    await stop.click();
    await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue('Recorded lecture about the water cycle.');
    await expect(resultRegion(page)).toBeVisible();
    expect(uploads[0]).toContain('filename="recording.webm"');
    expect(uploads[0]).toContain('Content-Type: audio/webm');
  });
});
