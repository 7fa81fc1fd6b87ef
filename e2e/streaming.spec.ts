import { expect, test } from '@playwright/test';
import { contractSchemaOf } from '../src/kernel/runTool';
import { exampleAnswer, fakeBackend, fillFromExample, generateButton, openTool, pauseClockOnForm, resultRegion, runClockUntil, seedBackend } from './support/app';
import { expectedTextOf } from './support/registry';
import { cancelButton, essayBuddy, openFilled, previewRegion, smartNotes, sse, streamed } from './support/streaming';

/*
 * The streaming form of the backend call (streamProtocol.ts): the request asks
 * for text/event-stream; the answer is shown as it arrives (a 'Writing...'
 * preview, never a result), replaced by the validated result at the end; a
 * plain-JSON backend still works; Cancel stops the request all the way down.
 *
 * page.route cannot trickle a body, so the progressive checks use a real
 * local SSE server (node:http, CORS) that the test writes by hand, and the
 * offline sample backend on a paused clock. Here: a streaming backend through
 * page.route, the JSON fallback and the sample backend; the answer as it is
 * written and Cancel against a local SSE server are in streaming-live.spec.ts.
 */

test.describe('against a streaming backend (page.route)', () => {
  test('a structured tool asks for the stream with the contract-exact body, and shows the validated result', async ({ page }) => {
    await seedBackend(page);
    const answer = exampleAnswer(essayBuddy).text;
    const thirds = [answer.slice(0, 40), answer.slice(40, 400), answer.slice(400)];
    const backend = await fakeBackend(page, (request) =>
      (request.headers()['accept'] ?? '').includes('text/event-stream')
        ? { contentType: 'text/event-stream', body: sse(streamed(thirds)) }
        : { status: 406, json: { error: 'This test expects the stream to be asked for.' } },
    );
    await openFilled(page, essayBuddy);
    await generateButton(page, essayBuddy).click();

    await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
    await expect(previewRegion(page)).toHaveCount(0);
    await expect(resultRegion(page).getByRole('button', { name: 'Copy' })).toBeVisible();

    expect(backend.requests).toHaveLength(1);
    const request = backend.requests[0]!;
    const headers = await request.allHeaders();
    expect(headers['accept']).toBe('text/event-stream, application/json');
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['authorization']).toBe('Bearer test-public-key');
    // The body is the spec 7.1 contract, plus the asking tool's id, nothing more.
    const input = essayBuddy.example.input as { topic: string };
    const body = request.postDataJSON() as { contents: string; config: Record<string, unknown>; tool: string };
    expect(Object.keys(body).sort()).toEqual(['config', 'contents', 'tool']);
    expect(body.tool).toBe(essayBuddy.id);
    expect(body.contents).toContain(input.topic);
    expect(body.config).toEqual({
      responseMimeType: 'application/json',
      responseSchema: contractSchemaOf(essayBuddy.result as Exclude<typeof essayBuddy.result, 'markdown'>),
    });
  });

  test('a markdown tool streams its text and sends no config', async ({ page }) => {
    await seedBackend(page);
    const backend = await fakeBackend(page, {
      contentType: 'text/event-stream',
      body: sse(streamed(['## Summary\n', 'Plants turn sunlight ', 'into sugar in their chloroplasts.'])),
    });
    await openFilled(page, smartNotes);
    await generateButton(page, smartNotes).click();
    await expect(resultRegion(page)).toContainText('Plants turn sunlight into sugar in their chloroplasts.');
    expect(Object.keys(backend.bodies()[0] as object)).toEqual(['contents', 'tool']);
  });

  test('an error event shows its message in the error box, and the form is usable again', async ({ page }) => {
    await seedBackend(page);
    const backend = await fakeBackend(page, {
      contentType: 'text/event-stream',
      body: sse([
        { event: 'delta', data: { text: '{"thesis": "Half' } },
        { event: 'error', data: { error: 'The model provider is busy. Please try again.' } },
      ]),
    });
    await openFilled(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByText('Error', { exact: true })).toBeVisible();
    await expect(alert).toContainText('The model provider is busy. Please try again.');
    await expect(previewRegion(page)).toHaveCount(0);
    await expect(resultRegion(page)).toHaveCount(0);

    backend.reply({ contentType: 'text/event-stream', body: sse(streamed([exampleAnswer(essayBuddy).text])) });
    await generateButton(page, essayBuddy).click();
    await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a stream that ends without done says the connection was lost', async ({ page }) => {
    await seedBackend(page);
    await fakeBackend(page, { contentType: 'text/event-stream', body: sse([{ event: 'delta', data: { text: '## Sum' } }]) });
    await openFilled(page, smartNotes);
    await generateButton(page, smartNotes).click();
    await expect(page.getByRole('alert')).toContainText(
      'The connection to the AI backend was lost before the answer was complete.',
    );
    await expect(generateButton(page, smartNotes)).toBeEnabled();
  });

  test('a whole answer that does not fit the schema is never shown, however the preview looked', async ({ page }) => {
    await seedBackend(page);
    await fakeBackend(page, {
      contentType: 'text/event-stream',
      body: sse(streamed(['{"thesis": "Looks fine", ', '"structure": "not a list"}'])),
    });
    await openFilled(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    await expect(page.getByRole('alert')).toContainText('The AI returned an invalid format. Please try again.');
    await expect(resultRegion(page)).toHaveCount(0);
    await expect(previewRegion(page)).toHaveCount(0);
  });
});

test('a backend speaking only the plain contract still works (JSON fallback)', async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: exampleAnswer(essayBuddy) });
  await openFilled(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));
  await expect(page.getByRole('alert')).toHaveCount(0);
  // It was offered the stream, answered JSON, and was read as the plain contract.
  expect((await backend.requests[0]!.allHeaders())['accept']).toContain('text/event-stream');
  expect(Object.keys(backend.bodies()[0] as object).sort()).toEqual(['config', 'contents', 'tool']);
});

test.describe('the offline sample backend streams too', () => {
  test('markdown and structured answers show a preview before the result', async ({ page }) => {
    await page.clock.install();
    await openTool(page, smartNotes);
    await pauseClockOnForm(page, smartNotes);
    await fillFromExample(page, smartNotes);
    await generateButton(page, smartNotes).click();
    // The sample answer arrives in pieces over 350 ms (fake time): one piece in, the rest not yet. The clock moves in
    // small steps from the click, as the request starts once the tool's code is here, perhaps a moment later.
    const preview = previewRegion(page);
    await runClockUntil(page, () => expect(preview).toContainText('Photosynthesis is how plants', { timeout: 100 }), 50);
    await expect(preview).not.toContainText('two-step factory');
    await expect(resultRegion(page)).toHaveCount(0);
    await page.clock.runFor(1_000);
    await runClockUntil(page, () => expect(resultRegion(page)).toContainText('two-step factory', { timeout: 200 }));
    await expect(preview).toHaveCount(0);

    await openTool(page, essayBuddy);
    await fillFromExample(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    await runClockUntil(page, () => expect(preview.getByRole('heading', { name: 'Thesis' })).toBeVisible({ timeout: 100 }), 50);
    await expect(preview).toContainText('Schools should ban mobile phones during lessons');
    await expect(preview).not.toContainText('The average teenager');
    await page.clock.runFor(1_000);
    await runClockUntil(page, () => expect(resultRegion(page)).toContainText('The average teenager', { timeout: 200 }));
  });

  test('Cancel stops a sample answer too', async ({ page }) => {
    await page.clock.install();
    await openTool(page, smartNotes);
    await pauseClockOnForm(page, smartNotes);
    await fillFromExample(page, smartNotes);
    await generateButton(page, smartNotes).click();
    await runClockUntil(page, () => expect(previewRegion(page)).toBeVisible({ timeout: 100 }), 50);
    await cancelButton(page).click();
    await page.clock.runFor(1_000);
    await expect(generateButton(page, smartNotes)).toBeEnabled();
    await expect(resultRegion(page)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Cancelled.' })).toBeVisible();
  });
});
