import { expect, test } from '@playwright/test';
import { heldStream, startFakeContractServer, type FakeContractServer } from '../src/kernel/testing/fakeContractServer';
import { payloadBatches, poisonedExamples, xssPayloads } from '../src/kernel/testing/xssPayloads';
import { fillFromExample, generateButton, openTool, resultRegion, seedBackend, seedStorage, storageKeys } from './support/app';
import { covered, essayBuddy, perString, reportCoverage, restoredTools, schemaOf, smartNotes, watch } from './support/xss';

/*
 * Hostile model output in real Chromium, as in xss.spec.ts: saved results of
 * the bespoke renderers restored on opening their tools, a restored markdown
 * answer that tries to redirect the app, and streamed previews while they are
 * written. The watch and the tools are in support/xss.ts.
 */

test.describe.configure({ mode: 'default' });

test.afterAll(reportCoverage);

test('saved results of the bespoke renderers, restored on opening their tools', async ({ page }) => {
  // A reload per round, each restoring a result (its card and renderer load with it): a guard against a hang.
  test.setTimeout(90_000);
  const guard = await watch(page);
  const plans = restoredTools.map((tool) => ({ tool, rounds: poisonedExamples(tool.example.output, schemaOf(tool), perString(tool)) }));
  // A page of the app first, so each round can write the saved session and reload the tool to restore it.
  await page.goto('#/dashboard');
  for (const { tool, rounds } of plans) {
    for (const [r, round] of rounds.entries()) {
      const session = { values: tool.example.input, result: { kind: 'json', data: round.data }, resultId: `xss-${r}` };
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: storageKeys.toolSession(tool.id), value: JSON.stringify(session) });
      await page.goto(`#/${tool.id}`);
      await page.reload();
      const result = resultRegion(page);
      await expect(result).toContainText(round.payloads[0]!.payload.split('\n')[0]!);
      await guard.check(`${tool.id} round ${r + 1}`);
      if (tool.renderer === 'flashcards') {
        // Every card, both sides.
        for (let card = 0; card < 50; card += 1) {
          await result.locator('.flashcard').click();
          await guard.check(`${tool.id} card ${card + 1} flipped`);
          const next = result.getByRole('button', { name: 'Next' });
          if (await next.isDisabled()) break;
          await next.click();
        }
      }
    }
    covered(`${tool.renderer ?? 'structured'} renderer`, rounds.flatMap((r) => r.payloads));
  }
});

test('a restored markdown answer cannot redirect the app: no element it holds is read as the gateway settings', async ({ page }) => {
  const guard = await watch(page);
  const evilRequests: string[] = [];
  await page.route(/evil\.example/, async (route) => {
    evilRequests.push(route.request().url());
    await route.abort();
  });
  const text = xssPayloads.map((x) => x.payload).join('\n\n');
  await seedStorage(page, {
    [storageKeys.toolSession(smartNotes.id)]: { values: smartNotes.example.input, result: { kind: 'text', text }, resultId: 'xss-md' },
  });
  await openTool(page, smartNotes);
  await expect(resultRegion(page)).toContainText('click me');
  await guard.check('restored markdown result');
  // The app runs on its offline samples here: generating again must not call the URL the answer planted.
  await generateButton(page, smartNotes).click();
  await expect(resultRegion(page)).not.toContainText('click me');
  await guard.check('generate after a hostile answer');
  expect(evilRequests).toEqual([]);
});

test.describe('streamed previews', () => {
  let server: FakeContractServer | undefined;
  test.afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  test('markdown and structured answers while they are written', async ({ page }) => {
    const guard = await watch(page);
    server = await startFakeContractServer({ cors: true });
    await seedBackend(page, server.url);

    // Markdown: the corpus in a few answers, each streamed in uneven pieces so tags arrive cut in half.
    await openTool(page, smartNotes);
    await fillFromExample(page, smartNotes);
    const preview = page.getByRole('region', { name: 'Writing...' });
    const batches = payloadBatches(xssPayloads, 3);
    for (const [i, batch] of batches.entries()) {
      const held = heldStream();
      server.respond(held.responder);
      await generateButton(page, smartNotes).click();
      await held.opened;
      const text = `## Part ${i + 1}\n\n${batch.map((x) => x.payload).join('\n\n')}`;
      for (let at = 0; at < text.length; at += 997) {
        held.send({ event: 'delta', data: { text: text.slice(at, at + 997) } });
        if (at === 0) await expect(preview.getByRole('heading', { name: `Part ${i + 1}` })).toBeVisible();
        await guard.check(`markdown preview, part ${i + 1}, to ${at + 997}`);
      }
      held.send({ event: 'done', data: { text } });
      held.end();
      await expect(resultRegion(page).getByRole('heading', { name: `Part ${i + 1}` })).toBeVisible();
      await guard.check(`markdown result after stream ${i + 1}`);
    }
    covered('streamed markdown preview', batches.flat());

    // Structured: partial JSON with hostile keys as well as values (a preview shows unvalidated data).
    const structured = poisonedExamples(essayBuddy.example.output, schemaOf(essayBuddy), perString(essayBuddy))[0]!;
    const extraKeys = Object.fromEntries(xssPayloads.slice(0, 40).map((x) => [x.payload, x.payload]));
    const json = JSON.stringify({ ...(structured.data as object), ...extraKeys });
    const second = heldStream();
    server.respond(second.responder);
    await openTool(page, essayBuddy);
    await fillFromExample(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    await second.opened;
    const cuts = [Math.floor(json.length / 3), Math.floor((json.length * 2) / 3), json.length - 1];
    let at = 0;
    for (const cut of cuts) {
      second.send({ event: 'delta', data: { text: json.slice(at, cut) } });
      at = cut;
      await expect(preview).toContainText(xssPayloads[0]!.payload.slice(0, 10));
      await guard.check(`structured preview to ${cut} of ${json.length}`);
    }
    second.send({ event: 'error', data: { error: 'stopped by the test' } });
    second.end();
    await expect(page.getByRole('alert')).toBeVisible();
    await guard.check('structured preview ended');
    covered('streamed structured preview', structured.payloads);
  });
});
