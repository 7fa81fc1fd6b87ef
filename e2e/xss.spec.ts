import { expect, test } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { payloadBatches, poisonedExamples, xssPayloads, type XssPayload } from '../src/kernel/testing/xssPayloads';
import { fakeBackend, fillFromExample, generateButton, openTool, resultRegion, seedBackend, seedStorage, storageKeys } from './support/app';
import {
  covered,
  essayBuddy,
  expectSafeExternalLinks,
  isRemediation,
  perString,
  quizWhiz,
  reportCoverage,
  schemaOf,
  smartNotes,
  watch,
} from './support/xss';

/*
 * Hostile model output in real Chromium, through the built app under its
 * Content-Security-Policy: the XSS corpus (src/kernel/testing/xssPayloads.ts)
 * fed to every rendering path by a faked backend or as saved data. Every
 * payload calls __xssHit if it runs; the page defines __xssHit (an init
 * script) to report to the test, which also fails on any dialog, popup,
 * page error or CSP violation (the sanitiser must stop everything before
 * the policy has to), and scans the DOM after each screen (findDanger).
 * Payloads are batched, many to an answer, to keep the run short.
 * Answers as they arrive: markdown, error messages, structured results and
 * Copy, the project page, the quiz. Restored results and streamed previews
 * are in xss-restored.spec.ts; the watch and the tools in support/xss.ts.
 */

test.describe.configure({ mode: 'default' });

test.afterAll(reportCoverage);

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
      // A right answer stays on its question, marked, until the student moves on.
      const next = result.getByRole('button', { name: /^(Next question|See your score)$/ });
      if (await next.isVisible()) {
        await next.click();
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
