import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { appHeader, backendRoute, generateButton, openTool, resultRegion, seedBackend, toolById } from './support/app';
import { scan, tools } from './support/a11y';
import { versionsGroup } from './support/refine';

/*
 * Where the eye is on a tool page, at laptop and phone size, writing report
 * comments for a class: each new comment is a version of its own (the last is
 * never silently replaced); a failed Write Comment shows its error in view,
 * below the sticky header, with focus, not the earlier comment it keeps; a
 * change's progress and Cancel sit by the version bar, and when it ends focus
 * and the view go to the new version (never to the page itself), or to its
 * error; a reload mid-change says the change was not finished and runs it
 * again on request.
 */

const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const reportCard = toolById(tools, 'report-card-generator');
const BUSY = 'The model is busy right now. Try again in a minute.';

type Reply = 'answer' | 'fail';

/**
 * A backend answering each first request with a numbered comment about the student placeholder it was sent, and each
 * change with the change's number; it fails while told to, and holds requests while a gate is shut.
 */
async function classBackend(page: Page) {
  let reply: Reply = 'answer';
  let gate: Promise<void> | null = null;
  let comments = 0;
  let changes = 0;
  const seen: string[] = [];
  await page.route(backendRoute, async (route: Route) => {
    const request = route.request();
    const headers = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type' };
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: { ...headers, 'access-control-allow-methods': 'POST, OPTIONS' } });
    const body = request.postData() ?? '';
    const change = body.includes('change_request');
    seen.push(change ? 'change' : 'comment');
    if (gate) await gate;
    const text = change ? `Changed comment ${++changes}: Student A works hard.` : `Comment ${++comments}: Student A reads with expression.`;
    const answer = reply === 'fail' ? { status: 400, body: JSON.stringify({ error: BUSY }) } : { status: 200, body: JSON.stringify({ text }) };
    // A request the page dropped (reloaded) cannot be answered any more.
    await route.fulfill({ ...answer, contentType: 'application/json', headers }).catch(() => undefined);
  });
  return {
    seen,
    fail: (failing: boolean) => void (reply = failing ? 'fail' : 'answer'),
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

/** The element is wholly in the viewport and not under the sticky header (polled: scrolling may be smooth). */
async function expectInViewBelowHeader(page: Page, element: Locator, what: string): Promise<void> {
  await expect
    .poll(async () => {
      const header = await appHeader(page).boundingBox();
      const box = await element.boundingBox();
      const height = page.viewportSize()?.height ?? 0;
      return box !== null && header !== null && box.y >= header.y + header.height - 1 && box.y + Math.min(box.height, 120) <= height;
    }, { message: `${what} is in view, below the sticky header` })
    .toBe(true);
}

async function writeComment(page: Page, name: string, notes: string): Promise<void> {
  await page.getByLabel('Student’s first name').fill(name);
  await page.getByLabel('Student traits and performance notes').fill(notes);
  await generateButton(page, reportCard).click();
}

const versionHeading = (page: Page) => versionsGroup(page).getByRole('heading', { level: 3 });

async function classFlow(page: Page, { scans }: { scans: boolean }) {
  if (scans) test.slow(); // Axe in two schemes, twice.
  await seedBackend(page);
  const backend = await classBackend(page);
  await openTool(page, reportCard);
  const result = resultRegion(page);

  // A class set: each new comment is a version of its own, named by the student, and the earlier ones stay.
  await writeComment(page, 'Amira', 'Strong reader, rushes word problems.');
  await expect(result).toContainText('Comment 1: Amira reads with expression.');
  await writeComment(page, 'Tomasz', 'Loves science, shy in group work.');
  await expect(result).toContainText('Comment 2: Tomasz reads with expression.');
  await expect(versionHeading(page)).toHaveText('Version 2 of 2: New answer · Tomasz');
  await versionsGroup(page).getByRole('button', { name: 'Earlier version' }).click();
  await expect(versionHeading(page)).toHaveText('Version 1 of 2: First answer · Amira');
  await expect(result).toContainText('Comment 1: Amira reads with expression.');

  // A failed comment: its error (the backend's words) has focus, in view below the header; the earlier comment stays.
  backend.fail(true);
  await writeComment(page, 'Leo', 'Helpful, forgets homework.');
  const error = page.getByRole('alert').filter({ hasText: BUSY });
  await expect(error).toBeFocused();
  await expectInViewBelowHeader(page, error, 'the error');
  await expect(error).toContainText(BUSY);
  await expect(versionHeading(page)).toContainText('of 2');
  backend.fail(false);

  // A change: its progress and Cancel sit by the version bar and in view; then the new version has focus, in view.
  let release = backend.hold();
  await result.getByRole('toolbar', { name: 'Refine this result' }).getByRole('button', { name: 'Shorter' }).click();
  const cancel = versionsGroup(page).getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeFocused();
  await expect(versionsGroup(page).getByRole('status')).toContainText('Working on your change: Shorter');
  await expectInViewBelowHeader(page, cancel, 'Cancel');
  if (scans) await scan(page, 'a change on its way');
  release();
  await expect(versionHeading(page)).toHaveText(/^Version 3 of 3: Shorter/);
  await expect(versionHeading(page)).toBeFocused();
  await expectInViewBelowHeader(page, versionHeading(page), 'the new version');

  // Rewrite in another language: its button goes once done, and focus goes to the new version, not the page.
  await result.getByLabel('Output language').selectOption('es');
  await result.getByRole('button', { name: /^Rewrite:/ }).click();
  await expect(versionHeading(page)).toHaveText(/^Version 4 of 4: Rewrite:/);
  await expect(versionHeading(page)).toBeFocused();
  await expectInViewBelowHeader(page, versionHeading(page), 'the rewritten version');

  // A failed change: its error, by the version bar, has focus and is in view.
  backend.fail(true);
  await result.getByRole('toolbar', { name: 'Refine this result' }).getByRole('button', { name: 'Longer' }).click();
  const changeError = versionsGroup(page).getByRole('alert');
  await expect(changeError).toContainText(BUSY);
  await expect(changeError).toBeFocused();
  await expectInViewBelowHeader(page, changeError, 'the error of the change');
  backend.fail(false);

  // Reloaded mid-change: the page says the change was not finished, and runs it again on request.
  release = backend.hold();
  await result.getByRole('toolbar', { name: 'Refine this result' }).getByRole('button', { name: 'Simpler' }).click();
  await expect.poll(() => backend.seen.filter((kind) => kind === 'change').length).toBe(4);
  await page.reload();
  const unfinished = versionsGroup(page).getByText('Your change “Simpler” was not finished', { exact: false });
  await expect(unfinished).toBeVisible();
  release();
  if (scans) await scan(page, 'a change cut short by a reload');
  await versionsGroup(page).getByRole('button', { name: 'Run it again' }).click();
  await expect(versionHeading(page)).toHaveText(/^Version 5 of 5: Simpler/);
  await expect(versionHeading(page)).toBeFocused();
  await expect(unfinished).toHaveCount(0);
}

test.describe('at laptop size', () => {
  test.use({ viewport: laptop });
  test('a class set of comments, errors and changes in view by the version bar, focus kept, a reload mid-change said', async ({ page }) => {
    await classFlow(page, { scans: true });
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: phone, hasTouch: true });
  test('a class set of comments, errors and changes in view by the version bar, focus kept, a reload mid-change said', async ({ page }) => {
    await classFlow(page, { scans: false });
  });
});
