import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { heldStream, type FakeContractServer } from '../src/kernel/testing/fakeContractServer';
import { exampleAnswer, generateButton, resultRegion } from './support/app';
import { expectedTextOf } from './support/registry';
import { cancelButton, essayBuddy, localBackend, openFilled, previewRegion, quizWhiz, smartNotes } from './support/streaming';

/*
 * Streaming against a real local SSE server (node:http, CORS) that the test
 * writes by hand, as page.route cannot trickle a body: the answer appears as
 * it is written, and Cancel stops the request all the way down. The
 * page.route, JSON-fallback and sample-backend flows are in streaming.spec.ts.
 */

let servers: FakeContractServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
/**
 * Opens the tool filled from its example against a local server that holds
 * its answer open, and presses Generate (by `press`, a click unless given):
 * the test then writes the answer with `held.send`.
 */
async function generateHeld(page: Page, tool: ToolDeclaration, press = (button: Locator) => button.click()) {
  const server = await localBackend(page);
  servers.push(server);
  const held = heldStream();
  server.respond(held.responder);
  await openFilled(page, tool);
  await press(generateButton(page, tool));
  await held.opened;
  return { server, held };
}

test.describe('the answer appears as it is written (a local SSE server)', () => {
  test('markdown: the first words are on screen before the last are sent', async ({ page }, testInfo) => {
    const { held } = await generateHeld(page, smartNotes);

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
    const { held } = await generateHeld(page, essayBuddy);

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
    const { held } = await generateHeld(page, quizWhiz);

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
    const { server, held } = await generateHeld(page, smartNotes);
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
    const { held } = await generateHeld(page, essayBuddy, async (button) => {
      await button.focus();
      await page.keyboard.press('Enter');
    });
    const cancel = cancelButton(page);
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(generateButton(page, essayBuddy)).toBeEnabled();
    await expect(generateButton(page, essayBuddy)).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await held.closed).toBe(true);
  });

  test('stops a request before any text arrived', async ({ page }) => {
    const { held } = await generateHeld(page, essayBuddy);
    await expect(page.getByRole('status').filter({ hasText: 'Working on it' })).toBeVisible();
    await cancelButton(page).click();
    await expect(generateButton(page, essayBuddy)).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await held.closed).toBe(true);
  });
});
