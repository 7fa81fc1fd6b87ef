import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import type { ZodType } from 'zod';
import type { ToolDeclaration } from '../src/engine/defineTool';
import { heldStream, startFakeContractServer, type FakeContractServer } from '../src/engine/testing/fakeContractServer';
import {
  distinctStringCount,
  payloadBatches,
  poisonedExample,
  poisonedExamples,
  XSS_HIT,
  xssPayloads,
  type XssPayload,
} from '../src/engine/testing/xssPayloads';
import { findDanger } from '../src/engine/testing/xssScan';
import {
  fakeBackend,
  fillFromExample,
  generateButton,
  openTool,
  resultRegion,
  seedBackend,
  seedStorage,
  storageKeys,
  toolById,
} from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Hostile model output in real Chromium, through the built app under its
 * Content-Security-Policy: the XSS corpus (src/engine/testing/xssPayloads.ts)
 * fed to every rendering path by a faked backend or as saved data. Every
 * payload calls __xssHit if it runs; the page defines __xssHit (an init
 * script) to report to the test, which also fails on any dialog, popup,
 * page error or CSP violation (the sanitiser must stop everything before
 * the policy has to), and scans the DOM after each screen (findDanger).
 * Payloads are batched, many to an answer, to keep the run short.
 */

test.describe.configure({ mode: 'default' });

const tools = await loadRegistry();
const smartNotes = toolById(tools, 'smart-notes'); // markdown
const essayBuddy = toolById(tools, 'essay-buddy'); // generic structured
const quizWhiz = toolById(tools, 'quiz-whiz'); // bespoke, with a follow-up call
const restoredTools = ['flashcard-generator', 'concept-cracker', 'presentation-generator', 'focus-sprint-planner'].map((id) => toolById(tools, id));

const schemaOf = (tool: ToolDeclaration) => (tool.result === 'markdown' ? undefined : (tool.result as ZodType));
/** The whole corpus in one answer where the schema allows: this many payloads in each string. */
const perString = (tool: ToolDeclaration) => Math.ceil(xssPayloads.length / Math.max(1, distinctStringCount(tool.example.output)));

/** Rendering paths that saw every payload with nothing run; printed at the end. */
const passedPaths = new Set<string>();
const ALL_PATHS = [
  'markdown result',
  'error message',
  'structured result',
  'Copy of a result',
  'quiz with remediation',
  ...restoredTools.map((t) => `${t.renderer ?? 'structured'} renderer`),
  'streamed markdown preview',
  'streamed structured preview',
  'project page and list',
  'Copy on the project page',
];

test.afterAll(() => {
  const line =
    passedPaths.size === ALL_PATHS.length
      ? `[xss] ${xssPayloads.length} payloads x ${ALL_PATHS.length} rendering paths: none executed`
      : `[xss] ${xssPayloads.length} payloads: ${passedPaths.size} of ${ALL_PATHS.length} rendering paths passed in this worker`;
  console.log(line);
});

function covered(path: string, payloads: readonly XssPayload[]): void {
  const seen = new Set(payloads.map((x) => x.id));
  const missing = xssPayloads.filter((x) => !seen.has(x.id)).map((x) => x.id);
  expect(missing, `payloads ${path} never received`).toEqual([]);
  passedPaths.add(path);
}

interface Watch {
  /** Everything that must not happen: hits, dialogs, popups, page errors, CSP violations. */
  readonly events: string[];
  /** Scans the page's DOM and fails on anything dangerous, or on any event so far. */
  check(what: string): Promise<void>;
}

/** Installs __xssHit before the app starts and listens for every sign of a payload running. */
async function watch(page: Page): Promise<Watch> {
  const events: string[] = [];
  await page.exposeFunction('__xssReport', (entry: string) => {
    events.push(entry);
  });
  await page.addInitScript((hitName: string) => {
    const report = (entry: string) => (window as unknown as { __xssReport(entry: string): void }).__xssReport(entry);
    Object.defineProperty(window, hitName, { value: (id: unknown) => report(`hit:${String(id)}`), configurable: false, writable: false });
    document.addEventListener('securitypolicyviolation', (e) => report(`csp:${e.violatedDirective} blocked ${e.blockedURI} ${e.sample}`));
  }, XSS_HIT);
  page.on('dialog', (dialog) => {
    events.push(`dialog:${dialog.type()}:${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('popup', (popup) => events.push(`popup:${popup.url()}`));
  page.on('pageerror', (error) => events.push(`pageerror:${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) events.push(`console:${message.text()}`);
  });
  return {
    events,
    async check(what) {
      const problems = await page.locator('#root').evaluate(findDanger);
      expect(problems, `${what}: dangerous DOM`).toEqual([]);
      // Give anything that was triggered (an image error, a timer) a moment to report.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
      expect(events, `${what}: something ran`).toEqual([]);
    },
  };
}

/** Every link in the region that leaves the app opens in a new tab without access to it (findDanger checks each; this checks there are some). */
async function expectSafeExternalLinks(region: Locator): Promise<void> {
  await expect(region.locator('a[href^="https://evil.example"]').first()).toHaveAttribute('target', '_blank');
  await expect(region.locator('a[href^="https://evil.example"]').first()).toHaveAttribute('rel', /\bnoopener\b.*\bnoreferrer\b/);
}

const isRemediation = (request: Request) => {
  const body = request.postDataJSON() as { config?: { responseSchema?: { properties?: Record<string, unknown> } } };
  return body.config?.responseSchema?.properties?.diagnosis !== undefined;
};

test('markdown results and error messages: every payload in a few answers', async ({ page }) => {
  const guard = await watch(page);
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: { text: '' } });
  await openTool(page, smartNotes);
  await fillFromExample(page, smartNotes);

  const batches = payloadBatches(xssPayloads, 3);
  for (const [i, batch] of batches.entries()) {
    const canary = `Answer ${i + 1} of ${batches.length} with ${batch.length} payloads.`;
    backend.reply({ json: { text: `## ${canary}\n\n${batch.map((x) => x.payload).join('\n\n')}` } });
    await generateButton(page, smartNotes).click();
    await expect(resultRegion(page).getByRole('heading', { name: canary })).toBeVisible();
    await guard.check(`markdown answer ${i + 1}`);
    if (batch.some((x) => x.id === 'md-external-link')) await expectSafeExternalLinks(resultRegion(page));
  }
  covered('markdown result', batches.flat());

  // A backend's error message is shown as text.
  backend.reply({ status: 500, json: { error: xssPayloads.map((x) => x.payload).join(' ') } });
  await generateButton(page, smartNotes).click();
  await expect(page.getByRole('alert').first()).toContainText('<script>');
  await guard.check('error message');
  covered('error message', xssPayloads);
});

test.describe('with the clipboard', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('structured result and Copy: every payload in one answer', async ({ page }) => {
    const guard = await watch(page);
    await seedBackend(page);
    const rounds = poisonedExamples(essayBuddy.example.output, schemaOf(essayBuddy), perString(essayBuddy));
    const backend = await fakeBackend(page, { json: { text: '' } });
    await openTool(page, essayBuddy);
    await fillFromExample(page, essayBuddy);
    for (const [i, round] of rounds.entries()) {
      backend.reply({ json: { text: JSON.stringify(round.data) } });
      await generateButton(page, essayBuddy).click();
      const result = resultRegion(page);
      await expect(result).toContainText(round.payloads[0]!.payload.split('\n')[0]!);
      await guard.check(`structured answer ${i + 1}`);

      // Copy puts the text on the clipboard as it is: every payload verbatim, nothing run.
      await result.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect(result.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      for (const x of round.payloads) expect(copied).toContain(x.payload);
      await guard.check(`Copy of structured answer ${i + 1}`);
    }
    covered('structured result', rounds.flatMap((r) => r.payloads));
    covered('Copy of a result', rounds.flatMap((r) => r.payloads));
  });

  test('project page, project list and Copy: saved artifacts and a project name full of payloads', async ({ page }) => {
    const guard = await watch(page);
    const project = { id: 'proj_xss', name: `Hostile ${xssPayloads[0]!.payload} ${xssPayloads[15]!.payload}`, createdAt: '2026-11-01T09:00:00.000Z' };
    const markdownText = xssPayloads.map((x) => x.payload).join('\n\n');
    const structured = poisonedExamples(essayBuddy.example.output, schemaOf(essayBuddy), perString(essayBuddy))[0]!;
    const artifacts = [
      { id: 'art_md', createdAt: '2026-11-02T09:00:00.000Z', toolId: smartNotes.id, toolTitle: smartNotes.title, data: markdownText },
      { id: 'art_json', createdAt: '2026-11-03T09:00:00.000Z', toolId: essayBuddy.id, toolTitle: xssPayloads[1]!.payload, data: structured.data },
      // A saved item of a tool that no longer exists, with hostile ids and titles.
      { id: 'art_gone', createdAt: '2026-11-04T09:00:00.000Z', toolId: xssPayloads[2]!.payload, data: { [xssPayloads[3]!.payload]: xssPayloads[4]!.payload } },
    ];
    await seedStorage(page, {
      [storageKeys.projects]: [project],
      [storageKeys.activeProject]: project.id,
      [storageKeys.artifacts(project.id)]: artifacts,
    });

    await page.goto('#/projects');
    await expect(page.getByRole('main').getByText('Hostile <script>', { exact: false }).first()).toBeVisible();
    await guard.check('project list');

    await page.goto(`#/projects/${project.id}`);
    const saved = page.locator('.artifact');
    await expect(saved).toHaveCount(artifacts.length);
    await expect(page.getByText(xssPayloads[10]!.payload, { exact: false }).first()).toBeVisible();
    await guard.check('project page');
    covered('project page and list', xssPayloads);

    // Copy on the saved markdown answer takes its text exactly.
    const markdownItem = saved.filter({ hasText: xssPayloads[0]!.payload }).filter({ hasText: smartNotes.title }).first();
    await markdownItem.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(markdownItem.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdownText);
    await guard.check('Copy on the project page');
    covered('Copy on the project page', xssPayloads);
  });
});

test('quiz: hostile questions and remediation lessons, played to the end', async ({ page }) => {
  const guard = await watch(page);
  await seedBackend(page);
  const rounds = poisonedExamples(quizWhiz.example.output, schemaOf(quizWhiz), perString(quizWhiz));
  const remediation = quizWhiz.followUps?.remediation;
  if (!remediation) throw new Error('quiz-whiz has no remediation call');
  let round = rounds[0]!;
  const lessons = poisonedExamples(remediation.example, schemaOf(remediation as unknown as ToolDeclaration), 12);
  let lessonIndex = 0;
  await fakeBackend(page, (request) =>
    isRemediation(request)
      ? { json: { text: JSON.stringify(lessons[lessonIndex++ % lessons.length]!.data) } }
      : { json: { text: JSON.stringify(round.data) } },
  );
  await openTool(page, quizWhiz);
  await fillFromExample(page, quizWhiz);
  const seen: XssPayload[] = [];

  for (const [r, next] of rounds.entries()) {
    round = next;
    const result = resultRegion(page);
    if (r > 0) {
      await result.getByRole('button', { name: 'Create Another Quiz' }).click();
      await fillFromExample(page, quizWhiz);
    }
    await generateButton(page, quizWhiz).click();
    await expect(result.getByText('Question 1 of 5')).toBeVisible();
    for (let step = 0; ; step += 1) {
      expect(step, 'the quiz should finish').toBeLessThan(40);
      await guard.check(`quiz ${r + 1}, step ${step}`);
      if (await result.getByRole('heading', { name: 'Quiz complete' }).isVisible()) break;
      const proceed = result.getByRole('button', { name: 'Continue Quiz' });
      if (await result.getByText('Preparing a short lesson').isVisible()) {
        await expect(proceed).toBeVisible();
        continue;
      }
      if (await proceed.isVisible()) {
        const followUp = result.locator('.quiz-follow-up .quiz-option:not([disabled])');
        if ((await followUp.count()) > 0) {
          await followUp.first().click();
          await guard.check(`quiz ${r + 1}, follow-up answered`);
        }
        await proceed.click();
        continue;
      }
      // The last option: wrong for most questions, so the remediation lessons are shown too.
      await result.locator('.quiz-options .quiz-option:not([disabled])').last().click();
    }
    seen.push(...round.payloads);
  }
  expect(lessonIndex, 'remediation lessons shown').toBeGreaterThan(0);
  covered('quiz with remediation', seen);
});

test('saved results of the bespoke renderers, restored on opening their tools', async ({ page }) => {
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
