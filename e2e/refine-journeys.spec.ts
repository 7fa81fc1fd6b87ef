import { expect, test, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { heldStream, json, type FakeContractServer } from '../src/kernel/testing/fakeContractServer';
import { violationsOf } from './support/a11y';
import { flowProject, generateButton, resultRegion, seedActiveProject, toolById } from './support/app';
import { expectVersion, promptOf, refineToolbar, revisingResponder, versionsGroup } from './support/refine';
import { expectedTextOf } from './support/registry';
import { localBackend, openFilled, tools } from './support/streaming';

/*
 * The refine journey on each kind of result screen, against a local backend
 * that marks each refined version ("REV2", "REV3"): generate, Shorter, ask
 * "in Spanish for grade 5", step back to the first version, save the second
 * and find it, with what it was asked for, on the project page. Half of the
 * kinds by mouse, half by keyboard alone.
 */

let servers: FakeContractServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function openWithBackend(page: Page, tool: ToolDeclaration): Promise<FakeContractServer> {
  await seedActiveProject(page);
  const server = await localBackend(page);
  servers.push(server);
  server.respond(revisingResponder(server, tool));
  await openFilled(page, tool);
  return server;
}

type By = 'mouse' | 'keyboard';

async function journey(page: Page, tool: ToolDeclaration, by: By): Promise<void> {
  const server = await openWithBackend(page, tool);
  const result = resultRegion(page);
  const press = async (name: string, scope = result) => {
    const button = scope.getByRole('button', { name, exact: true });
    if (by === 'mouse') await button.click();
    else {
      await button.focus();
      await page.keyboard.press('Enter');
    }
  };

  if (by === 'mouse') await generateButton(page, tool).click();
  else {
    await generateButton(page, tool).focus();
    await page.keyboard.press('Enter');
  }
  await expect(result).toContainText(expectedTextOf(tool));
  await expectVersion(page, 'Version 1 of 1: First answer');

  // Shorter: by keyboard, the toolbar is one tab stop and the arrow keys reach every button.
  if (by === 'mouse') await refineToolbar(page).getByRole('button', { name: 'Shorter' }).click();
  else {
    await refineToolbar(page).getByRole('button', { name: 'Longer' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(refineToolbar(page).getByRole('button', { name: 'Shorter' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expectVersion(page, 'Version 2 of 2: Shorter');
  await expect(result).toContainText('REV2');

  const ask = result.getByLabel('Ask for a change');
  if (by === 'mouse') {
    await ask.click();
    await ask.fill('in Spanish for grade 5');
    await result.getByRole('button', { name: 'Ask', exact: true }).click();
  } else {
    await refineToolbar(page).getByRole('button', { name: 'Shorter' }).focus();
    await page.keyboard.press('Tab'); // Out of the toolbar: straight to the change box.
    await expect(ask).toBeFocused();
    await page.keyboard.type('in Spanish for grade 5');
    await page.keyboard.press('Enter');
  }
  await expectVersion(page, 'Version 3 of 3: in Spanish for grade 5');
  await expect(versionsGroup(page)).toContainText('Asked for, in order: Shorter → in Spanish for grade 5');
  await expect(result).toContainText('REV3');
  // The follow-up carried the version it changed and the change, each in its tags.
  const last = promptOf(server.requests.at(-1));
  expect(last).toMatch(/<previous_result>[\s\S]*REV2[\s\S]*<\/previous_result>/);
  expect(last).toContain('<change_request>\nin Spanish for grade 5\n</change_request>');

  // Back to the first version, then forward to the second.
  if (by === 'mouse') {
    await versionsGroup(page).getByRole('button', { name: 'Earlier version' }).click();
    await versionsGroup(page).getByRole('button', { name: 'Earlier version' }).click();
  } else {
    await versionsGroup(page).getByRole('button', { name: 'Earlier version' }).focus();
    await page.keyboard.press('Home');
    // Earlier version is disabled at the first: focus stays in the group, on Later version.
    await expect(versionsGroup(page).getByRole('button', { name: 'Later version' })).toBeFocused();
  }
  await expectVersion(page, 'Version 1 of 3: First answer');
  await expect(result).not.toContainText('REV');
  if (by === 'mouse') await versionsGroup(page).getByRole('button', { name: 'Later version' }).click();
  else await page.keyboard.press('ArrowRight');
  await expectVersion(page, 'Version 2 of 3: Shorter');
  await expect(result).toContainText('REV2');

  await press('Save to Project', page.locator('body'));
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeDisabled();
  await page.goto(`#/projects/${flowProject.id}`);
  const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: tool.title }) });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Refined: Shorter');
  await expect(saved).not.toContainText('in Spanish for grade 5');
  await expect(saved).toContainText('REV2');
}

const kinds: [kind: string, toolId: string, by: By][] = [
  ['markdown', 'smart-notes', 'mouse'],
  ['structured', 'essay-buddy', 'keyboard'],
  ['quiz', 'quiz-whiz', 'mouse'],
  ['flashcards', 'flashcard-generator', 'keyboard'],
  ['tabs', 'concept-cracker', 'mouse'],
  ['slides', 'presentation-generator', 'keyboard'],
  ['sprints', 'focus-sprint-planner', 'mouse'],
];

for (const [kind, id, by] of kinds) {
  test(`${kind} (${id}), by ${by}: refine twice, step back, save the second version`, async ({ page }) => {
    await journey(page, toolById(tools, id), by);
  });
}

test.describe('output language and reading level', () => {
  test('Rewrite sends the chosen language and level, and the choice is remembered for the next tool', async ({ page }) => {
    const notes = toolById(tools, 'smart-notes');
    const server = await openWithBackend(page, notes);
    await generateButton(page, notes).click();
    const result = resultRegion(page);
    await expectVersion(page, 'Version 1 of 1');
    await result.getByLabel('Output language').selectOption({ label: 'Spanish (español)' });
    await result.getByLabel('Reading level').selectOption({ label: 'Grade 5' });
    await result.getByRole('button', { name: 'Rewrite: Spanish, Grade 5' }).click();
    await expectVersion(page, 'Version 2 of 2: Rewrite: Spanish, Grade 5');
    const prompt = promptOf(server.requests.at(-1));
    expect(prompt).toContain('write every part of your answer in Spanish (es)');
    expect(prompt).toContain('Reading level: write for a US grade 5 reader');

    // Another tool's first answer is asked in Spanish too, and its form says so.
    const essay = toolById(tools, 'essay-buddy');
    server.respond(revisingResponder(server, essay));
    await openFilled(page, essay);
    await expect(page.getByText('Answers are written in Spanish: change it under a result.')).toBeVisible();
    await generateButton(page, essay).click();
    await expect(resultRegion(page)).toContainText(expectedTextOf(essay));
    expect(promptOf(server.requests.at(-1))).toContain('in Spanish (es)');
  });
});

test.describe('a refinement that does not arrive', () => {
  test('a failed one shows the error and keeps the version on screen', async ({ page }) => {
    const essay = toolById(tools, 'essay-buddy');
    const server = await openWithBackend(page, essay);
    await generateButton(page, essay).click();
    await expectVersion(page, 'Version 1 of 1');
    server.respond(json(500, { error: 'The model is overloaded.' }));
    await refineToolbar(page).getByRole('button', { name: 'Longer' }).click();
    const alert = resultRegion(page).getByRole('alert');
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('The model is overloaded.');
    await expectVersion(page, 'Version 1 of 1: First answer');
    await expect(resultRegion(page)).toContainText(expectedTextOf(essay));
    await expect(refineToolbar(page).getByRole('button', { name: 'Longer' })).toBeEnabled();
  });

  test('Cancel stops it, keeps the version, says so, and focus returns to the button that asked', async ({ page }) => {
    const essay = toolById(tools, 'essay-buddy');
    const server = await openWithBackend(page, essay);
    await generateButton(page, essay).click();
    await expectVersion(page, 'Version 1 of 1');
    const held = heldStream();
    server.respond(held.responder);
    await refineToolbar(page).getByRole('button', { name: 'Simpler' }).click();
    await held.opened;
    const cancel = resultRegion(page).getByRole('button', { name: 'Cancel' });
    await expect(cancel).toBeFocused();
    await expect(resultRegion(page)).toContainText('Working on your change: Simpler');
    await cancel.press('Enter');
    await expect(page.getByText('Cancelled.')).toBeVisible();
    expect(await held.closed).toBe(true);
    await expectVersion(page, 'Version 1 of 1: First answer');
    await expect(refineToolbar(page).getByRole('button', { name: 'Simpler' })).toBeFocused();
  });
});

test('the refine bar and versions pass axe, with two versions and an over-long change typed', async ({ page }) => {
  const essay = toolById(tools, 'essay-buddy');
  await openWithBackend(page, essay);
  await generateButton(page, essay).click();
  await refineToolbar(page).getByRole('button', { name: 'More examples' }).click();
  await expectVersion(page, 'Version 2 of 2: More examples');
  await resultRegion(page).getByLabel('Ask for a change').fill('x'.repeat(520));
  await expect(resultRegion(page).getByRole('alert')).toContainText('at most 500 characters; this one has 520');
  await expect(resultRegion(page).getByRole('button', { name: 'Ask', exact: true })).toBeDisabled();
  expect(await violationsOf(page, 'refine bar')).toEqual([]);
});
