import { expect, test, type Page } from '@playwright/test';
import { encodeStreamEvent, type StreamEvent } from '../src/engine/backend/streamProtocol';
import type { ToolDeclaration } from '../src/engine/defineTool';
import { contractSchemaOf } from '../src/engine/runTool';
import { heldStream, startFakeContractServer, type FakeContractServer } from '../src/engine/testing/fakeContractServer';
import {
  exampleAnswer,
  fakeBackend,
  fillFromExample,
  generateButton,
  openTool,
  pauseClock,
  resultRegion,
  seedBackend,
  toolById,
} from './support/app';
import { expectedTextOf, loadRegistry } from './support/registry';

/*
 * The streaming form of the backend call (streamProtocol.ts): the request asks
 * for text/event-stream; the answer is shown as it arrives (a 'Writing...'
 * preview, never a result), replaced by the validated result at the end; a
 * plain-JSON backend still works; Cancel stops the request all the way down.
 *
 * page.route cannot trickle a body, so the progressive checks use a real
 * local SSE server (node:http, CORS) that the test writes by hand, and the
 * offline sample backend on a paused clock.
 */

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy'); // structured
const smartNotes = toolById(tools, 'smart-notes'); // markdown
const quizWhiz = toolById(tools, 'quiz-whiz'); // bespoke renderer

const sse = (events: StreamEvent[]) => events.map(encodeStreamEvent).join('');
const streamed = (pieces: string[]): StreamEvent[] => [
  ...pieces.map((text): StreamEvent => ({ event: 'delta', data: { text } })),
  { event: 'done', data: { text: pieces.join('') } },
];

const previewRegion = (page: Page) => page.getByRole('region', { name: 'Writing...' });
const cancelButton = (page: Page) => page.getByRole('button', { name: 'Cancel' });

async function openFilled(page: Page, tool: ToolDeclaration) {
  await openTool(page, tool);
  await fillFromExample(page, tool);
}

/** A local backend speaking SSE, reachable from the page (CORS), whose answers the test writes. */
async function localBackend(page: Page): Promise<FakeContractServer> {
  const server = await startFakeContractServer({ cors: true });
  await seedBackend(page, server.url);
  return server;
}

let servers: FakeContractServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
async function startLocal(page: Page) {
  const server = await localBackend(page);
  servers.push(server);
  return server;
}

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
    // The body is the spec 7.1 contract, nothing more.
    const input = essayBuddy.example.input as { topic: string };
    const body = request.postDataJSON() as { contents: string; config: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['config', 'contents']);
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
    expect(Object.keys(backend.bodies()[0] as object)).toEqual(['contents']);
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

test.describe('the answer appears as it is written (a local SSE server)', () => {
  test('markdown: the first words are on screen before the last are sent', async ({ page }, testInfo) => {
    const server = await startLocal(page);
    const held = heldStream();
    server.respond(held.responder);
    await openFilled(page, smartNotes);
    await generateButton(page, smartNotes).click();
    await held.opened;

    // How long the first delta takes from the server's write to the screen: the page notes the
    // wall-clock time of the first frame after the words reach the DOM (same machine, same clock).
    const first = 'Plants catch sunlight';
    await page.evaluate((text) => {
      const found = () => document.body.textContent?.includes(text) ?? false;
      const observer = new MutationObserver(() => {
        if (!found()) return;
        observer.disconnect();
        requestAnimationFrame(() => document.body.setAttribute('data-first-words-at', String(Date.now())));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, first);
    const sentAt = Date.now();
    held.send({ event: 'delta', data: { text: `## Summary\n${first} ` } });
    await expect(page.locator('body')).toHaveAttribute('data-first-words-at', /^\d+$/);
    const delayMs = Number(await page.locator('body').getAttribute('data-first-words-at')) - sentAt;
    testInfo.annotations.push({ type: 'first delta written -> first frame showing it (ms)', description: String(delayMs) });
    console.log(`[streaming] first delta written -> first frame showing it: ${delayMs} ms`);

    const preview = previewRegion(page);
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('aria-busy', 'true');
    await expect(preview.getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible(); // Rendered markdown, not raw text.
    await expect(preview).not.toContainText('##');
    await expect(preview).toContainText(first);
    await expect(preview).not.toContainText('in their chloroplasts');
    // A preview is never copied or saved, and is not the result.
    await expect(preview.getByRole('button')).toHaveCount(0);
    await expect(resultRegion(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();

    held.send({ event: 'delta', data: { text: 'and turn it into sugar ' } });
    await expect(preview).toContainText('and turn it into sugar');
    await expect(preview).not.toContainText('in their chloroplasts');

    const whole = `## Summary\n${first} and turn it into sugar in their chloroplasts.`;
    held.send({ event: 'delta', data: { text: 'in their chloroplasts.' } });
    held.send({ event: 'done', data: { text: whole } });
    held.end();
    await expect(resultRegion(page)).toContainText('and turn it into sugar in their chloroplasts.');
    await expect(preview).toHaveCount(0);
    await expect(generateButton(page, smartNotes)).toBeEnabled();
    await expect(cancelButton(page)).toHaveCount(0);
  });

  test('structured: what the partial JSON holds is shown in a marked preview, then the validated result', async ({ page }) => {
    const server = await startLocal(page);
    const held = heldStream();
    server.respond(held.responder);
    await openFilled(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    await held.opened;

    held.send({ event: 'delta', data: { text: '{"thesis": "Phones should stay in lockers' } });
    const preview = previewRegion(page);
    await expect(preview).toHaveAttribute('aria-busy', 'true');
    await expect(preview.getByRole('heading', { name: 'Thesis' })).toBeVisible();
    await expect(preview).toContainText('Phones should stay in lockers');
    await expect(preview.getByRole('heading', { name: 'Structure' })).toHaveCount(0);
    await expect(preview.getByRole('button')).toHaveCount(0);

    held.send({ event: 'delta', data: { text: ' during lessons.", "structure": ["Intro: the hook", "Body' } });
    await expect(preview.getByRole('listitem').filter({ hasText: 'Intro: the hook' })).toBeVisible();
    await expect(resultRegion(page)).toHaveCount(0);

    const whole = JSON.stringify({
      thesis: 'Phones should stay in lockers during lessons.',
      structure: ['Intro: the hook', 'Body: attention', 'Conclusion: rules'],
      introParagraph: 'Every buzz in class costs attention.',
    });
    held.send({ event: 'done', data: { text: whole } });
    held.end();
    const result = resultRegion(page);
    await expect(result).toContainText('Every buzz in class costs attention.');
    await expect(result.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(preview).toHaveCount(0);
  });

  test('a bespoke screen (quiz) gets a neutral preview: no answers before the whole quiz is checked', async ({ page }) => {
    const server = await startLocal(page);
    const held = heldStream();
    server.respond(held.responder);
    await openFilled(page, quizWhiz);
    await generateButton(page, quizWhiz).click();
    await held.opened;

    const quiz = exampleAnswer(quizWhiz).text;
    held.send({ event: 'delta', data: { text: quiz.slice(0, 200) } });
    const preview = previewRegion(page);
    await expect(preview).toBeVisible();
    await expect(preview).toContainText('The answer is being written');
    await expect(preview).not.toContainText('Wall Street Crash');
    await expect(preview).not.toContainText('1929');

    held.send({ event: 'delta', data: { text: quiz.slice(200) } });
    held.send({ event: 'done', data: { text: quiz } });
    held.end();
    await expect(resultRegion(page)).toContainText(expectedTextOf(quizWhiz));
    await expect(preview).toHaveCount(0);
  });
});

test.describe('Cancel', () => {
  test('stops a stream that never finishes: the form is idle and enabled, no error, and the server sees the connection close', async ({ page }) => {
    const server = await startLocal(page);
    const held = heldStream();
    server.respond(held.responder);
    await openFilled(page, smartNotes);
    await generateButton(page, smartNotes).click();
    await held.opened;
    held.send({ event: 'delta', data: { text: '## Summary\nA stream that never ends' } });
    await expect(previewRegion(page)).toContainText('A stream that never ends');

    const cancel = cancelButton(page);
    await expect(cancel).toBeEnabled();
    await expect(cancel).toHaveAttribute('type', 'button');
    await cancel.click();

    await expect(generateButton(page, smartNotes)).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Generating...' })).toHaveCount(0);
    await expect(cancel).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Cancelled.' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(previewRegion(page)).toHaveCount(0);
    await expect(resultRegion(page)).toHaveCount(0);
    expect(await held.closed).toBe(true); // The client closed it: the gateway (and its provider) can stop.

    // The inputs are kept, and Generate works again (the note goes).
    const text = smartNotes.example.input as { text: string };
    await expect(page.getByLabel(smartNotes.fields[0]!.label, { exact: true })).toHaveValue(text.text);
    const next = heldStream();
    server.respond(next.responder);
    await generateButton(page, smartNotes).click();
    await next.opened;
    await expect(page.getByRole('status').filter({ hasText: 'Cancelled.' })).toHaveCount(0);
    next.send({ event: 'done', data: { text: '## Summary\nSecond time lucky.' } });
    next.end();
    await expect(resultRegion(page)).toContainText('Second time lucky.');
  });

  test('works from the keyboard: focus moves to Cancel while generating, and back to Generate after', async ({ page }) => {
    const server = await startLocal(page);
    const held = heldStream();
    server.respond(held.responder);
    await openFilled(page, essayBuddy);
    await generateButton(page, essayBuddy).focus();
    await page.keyboard.press('Enter');
    await held.opened;
    const cancel = cancelButton(page);
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(generateButton(page, essayBuddy)).toBeEnabled();
    await expect(generateButton(page, essayBuddy)).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await held.closed).toBe(true);
  });

  test('stops a request before any text arrived', async ({ page }) => {
    const server = await startLocal(page);
    const held = heldStream();
    server.respond(held.responder);
    await openFilled(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    await held.opened;
    await expect(page.getByRole('status').filter({ hasText: 'Working on it' })).toBeVisible();
    await cancelButton(page).click();
    await expect(generateButton(page, essayBuddy)).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await held.closed).toBe(true);
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
  expect(Object.keys(backend.bodies()[0] as object).sort()).toEqual(['config', 'contents']);
});

test.describe('the offline sample backend streams too', () => {
  test('markdown and structured answers show a preview before the result', async ({ page }) => {
    await page.clock.install();
    await openTool(page, smartNotes);
    await pauseClock(page);
    await fillFromExample(page, smartNotes);
    await generateButton(page, smartNotes).click();
    // The sample answer arrives in pieces over 350 ms (fake time): one piece in, the rest not yet.
    await page.clock.runFor(100);
    const preview = previewRegion(page);
    await expect(preview).toContainText('Photosynthesis is how plants');
    await expect(preview).not.toContainText('two-step factory');
    await expect(resultRegion(page)).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(resultRegion(page)).toContainText('two-step factory');
    await expect(preview).toHaveCount(0);

    await openTool(page, essayBuddy);
    await fillFromExample(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    await page.clock.runFor(100);
    await expect(preview.getByRole('heading', { name: 'Thesis' })).toBeVisible();
    await expect(preview).toContainText('Schools should ban mobile phones during lessons');
    await expect(preview).not.toContainText('The average teenager');
    await page.clock.runFor(1_000);
    await expect(resultRegion(page)).toContainText('The average teenager');
  });

  test('Cancel stops a sample answer too', async ({ page }) => {
    await page.clock.install();
    await openTool(page, smartNotes);
    await pauseClock(page);
    await fillFromExample(page, smartNotes);
    await generateButton(page, smartNotes).click();
    await page.clock.runFor(100);
    await expect(previewRegion(page)).toBeVisible();
    await cancelButton(page).click();
    await page.clock.runFor(1_000);
    await expect(generateButton(page, smartNotes)).toBeEnabled();
    await expect(resultRegion(page)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Cancelled.' })).toBeVisible();
  });
});
