import { expect, test, type Browser, type Page } from '@playwright/test';
import { scan } from './support/a11y';
import { attachScreens, closeDevices, LAPTOP, PHONE, me, newDevice, rowsOf, signIn, signInEntry, startAccountsWorld, type AccountsWorld, type Instance } from './support/accounts';
import { fillFromExample, generateButton, openTool, resultRegion, storageKeys, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * A student's work on every device, in a real browser: signed in through the
 * school's provider (the local OpenID provider, its real login form), work
 * saved on one laptop shows on the other without a reload, edits made offline
 * go up when the connection is back, nobody else sees any of it (on screen or
 * through the API with its ids), signing out ends the session, and deleting
 * the account leaves no row behind. The two laptops use two gateway processes
 * sharing one PostgreSQL, as a district runs it.
 */

// In order in one worker: the file's one database, provider and two gateways are started once. A flow drives two
// browsers through a real sign-in each, so it gets longer than a one-page flow's 30 s.
test.describe.configure({ mode: 'default', timeout: 90_000 });

const tools = await loadRegistry();
const smartNotes = toolById(tools, 'smart-notes');

let world: AccountsWorld;

test.beforeAll(async () => {
  // A fresh PostgreSQL (initdb) and two gateways opening it take longer than a flow's 30 s on a busy machine.
  test.setTimeout(120_000);
  world = await startAccountsWorld();
});
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await attachScreens(testInfo, world);
  await closeDevices();
});
test.afterAll(async () => {
  await world?.stop();
});

/** Creates a project from the Projects page (it becomes the active one); answers its id. */
async function createProject(page: Page, name: string): Promise<string> {
  await page.goto('#/projects');
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return /#\/projects\/(proj_\d+)$/.exec(page.url())?.[1] ?? '';
}

/** Runs SmartNotes on the sample backend and saves its answer to the active project. */
async function saveSmartNotes(page: Page): Promise<void> {
  await openTool(page, smartNotes);
  await fillFromExample(page, smartNotes);
  await generateButton(page, smartNotes).click();
  await expect(resultRegion(page)).toBeVisible();
  await page.getByRole('button', { name: 'Save to Project' }).click();
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeVisible();
}

/** The Account page's one-line account of syncing ("All changes saved to your account", "Sync paused: ..."). */
function syncStatus(page: Page) {
  return page.getByRole('region', { name: 'Your work on every device' }).getByRole('status');
}

function savedItems(page: Page, projectName: string) {
  return page.getByRole('list', { name: `Saved items in ${projectName}` }).getByRole('listitem');
}

/** The ids of the items saved in a project, as this browser holds them. */
async function artifactIds(page: Page, projectId: string): Promise<string[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), storageKeys.artifacts(projectId));
  return ((JSON.parse(raw ?? '[]') as { id: string }[]) ?? []).map((artifact) => artifact.id);
}

/** Marks the page, so a later check tells whether it was reloaded meanwhile (a reload drops the mark). */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { notReloadedMark: true }));
}
async function stillUnreloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => 'notReloadedMark' in window);
}

/** One student on two laptops: device A on the first gateway, device B on the second. */
async function twoLaptops(browser: Browser, email: string) {
  const [first, second]: [Instance, Instance] = world.instances;
  const a = await newDevice(browser, first, LAPTOP);
  const b = await newDevice(browser, second, LAPTOP);
  await signIn(a.page, email);
  await signIn(b.page, email);
  return { a, b };
}

test('a result saved on one laptop shows on the other, on another gateway, without a reload', async ({ browser }) => {
  const { a, b } = await twoLaptops(browser, 'student01@studyforge.test');
  await b.page.goto('#/projects');
  await markPage(b.page);
  const projectId = await createProject(a.page, 'Biology');
  // The promise: another device sees a change within 2 s, with no reload.
  const onB = b.page.getByRole('region', { name: 'Your projects' }).getByRole('link', { name: /Biology/ });
  await expect(onB).toBeVisible({ timeout: 2_000 });
  await onB.click();
  await expect(b.page).toHaveURL(new RegExp(`#/projects/${projectId}$`));
  await expect(savedItems(b.page, 'Biology')).toHaveCount(0);

  await saveSmartNotes(a.page);
  const item = savedItems(b.page, 'Biology');
  await expect(item).toHaveCount(1, { timeout: 2_000 });
  await expect(item.getByRole('heading', { level: 2, name: smartNotes.title })).toBeVisible();
  expect(await stillUnreloaded(b.page)).toBe(true);
});

test('edits made offline go up when the connection is back, and both laptops agree', async ({ browser }) => {
  const { a, b } = await twoLaptops(browser, 'student02@studyforge.test');
  const projectId = await createProject(a.page, 'Chemistry');
  await saveSmartNotes(a.page);
  for (const device of [a, b]) {
    await device.page.goto(`#/projects/${projectId}`);
    await expect(savedItems(device.page, 'Chemistry')).toHaveCount(1);
  }

  // A loses its connection and renames the project: the change waits on A, which says so.
  await a.context.setOffline(true);
  await a.page.getByRole('button', { name: 'Rename' }).click();
  const name = a.page.getByRole('form', { name: 'Rename project' }).getByRole('textbox', { name: 'Project name' });
  await name.fill('Chemistry revision');
  await name.press('Enter');
  await expect(a.page.getByRole('heading', { level: 1, name: 'Chemistry revision' })).toBeVisible();
  await a.page.goto('#/account');
  await expect(syncStatus(a.page)).toContainText('you are offline');
  // Meanwhile B, still online, saves a second result into the project under its old name.
  await b.page.getByRole('banner').getByRole('combobox', { name: 'Active project' }).selectOption({ label: 'Chemistry' });
  await saveSmartNotes(b.page);

  await a.context.setOffline(false);
  await expect(syncStatus(a.page)).toHaveText('All changes saved to your account');
  // Both end with the new name and both results, neither reloaded.
  for (const device of [a, b]) {
    await device.page.goto(`#/projects/${projectId}`);
    await expect(device.page.getByRole('heading', { level: 1, name: 'Chemistry revision' })).toBeVisible();
    await expect(savedItems(device.page, 'Chemistry revision')).toHaveCount(2);
  }
  expect((await artifactIds(a.page, projectId)).sort()).toEqual((await artifactIds(b.page, projectId)).sort());
});

test("another student sees none of it, on screen or through the API with the first student's ids", async ({ browser }) => {
  const owner = await newDevice(browser, world.instances[0]);
  const other = await newDevice(browser, world.instances[1]);
  await signIn(owner.page, 'student03@studyforge.test');
  const projectId = await createProject(owner.page, 'Secret history notes');
  await saveSmartNotes(owner.page);
  const [artifactId] = await artifactIds(owner.page, projectId);
  expect(artifactId).toBeTruthy();
  const ownerPull = await owner.page.request.get('/api/sync/pull?since=0');
  expect(ownerPull.status()).toBe(200);
  expect(await ownerPull.text()).toContain(projectId);

  await signIn(other.page, 'student04@studyforge.test');
  // Once their first sync is done, whatever the account holds is on their screen.
  await expect(syncStatus(other.page)).toHaveText('All changes saved to your account');
  await other.page.goto('#/projects');
  await expect(other.page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(other.page.getByText('Secret history notes')).toHaveCount(0);
  await other.page.goto(`#/projects/${projectId}`);
  await expect(other.page.getByRole('alert')).toContainText('not found');

  // Their own pull and their own download hold nothing of the first student's.
  const pull = await other.page.request.get('/api/sync/pull?since=0');
  expect(pull.status()).toBe(200);
  const pulled = await pull.text();
  for (const id of [projectId, artifactId!]) expect(pulled).not.toContain(id);
  expect(pulled).not.toContain('Secret history notes');
  const download = await other.page.request.get('/api/account/export');
  expect(download.status()).toBe(200);
  const downloaded = await download.text();
  for (const id of [projectId, artifactId!]) expect(downloaded).not.toContain(id);
  expect(downloaded).not.toContain('Secret history notes');

  // Pushing items under the first student's ids changes nothing of theirs.
  const { csrfToken } = await me(other.page.request);
  const stamp = `${String(Date.now() + 60_000).padStart(13, '0')}-0000-intruder`;
  const push = await other.page.request.post('/api/sync/push', {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { items: [{ c: 'project', id: projectId, f: { name: { v: 'Taken over', t: stamp } } }, { c: 'artifact', id: `${projectId}/${artifactId}`, d: stamp, f: {} }] },
  });
  expect(push.status()).toBeLessThan(500);
  const after = await (await owner.page.request.get('/api/sync/pull?since=0')).text();
  expect(after).not.toContain('Taken over');
  await owner.page.goto(`#/projects/${projectId}`);
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Secret history notes' })).toBeVisible();
  await expect(savedItems(owner.page, 'Secret history notes')).toHaveCount(1);
});

test('signing out ends the session: the old cookie is refused', async ({ browser, playwright }) => {
  const device = await newDevice(browser, world.instances[0]);
  await signIn(device.page, 'student05@studyforge.test');
  const cookies = await device.context.cookies();
  const session = cookies.find((cookie) => /sf_session$/.test(cookie.name));
  expect(session).toBeTruthy();
  await device.page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(signInEntry(device.page)).toBeVisible();
  // The browser forgets the cookie, and the server the session behind it.
  expect((await device.context.cookies()).map((cookie) => cookie.name)).not.toContain(session!.name);
  expect((await device.page.request.get('/api/me')).status()).toBe(401);

  // The cookie as it was before signing out, sent by someone who kept a copy.
  const replay = await playwright.request.newContext({ baseURL: world.instances[1].url, extraHTTPHeaders: { Cookie: `${session!.name}=${session!.value}` } });
  try {
    expect((await replay.get('/api/me')).status()).toBe(401);
  } finally {
    await replay.dispose();
  }
});

test("deleting the account removes every row of it, and nobody else's", async ({ browser }) => {
  const leaving = await newDevice(browser, world.instances[0]);
  const staying = await newDevice(browser, world.instances[1]);
  await signIn(staying.page, 'student07@studyforge.test');
  await createProject(staying.page, 'Staying');
  await saveSmartNotes(staying.page);
  await signIn(leaving.page, 'student06@studyforge.test');
  await createProject(leaving.page, 'Leaving');
  await saveSmartNotes(leaving.page);
  const leaver = (await me(leaving.page.request)).user.id;
  const stayer = (await me(staying.page.request)).user.id;
  // Saved and synced: the rows are there before.
  await expect.poll(async () => (await rowsOf(world.databaseUrl, leaver)).sync_items).toBeGreaterThanOrEqual(2);
  const before = await rowsOf(world.databaseUrl, leaver);
  expect(before.users).toBe(1);
  expect(before.sessions).toBeGreaterThan(0);
  const othersBefore = await rowsOf(world.databaseUrl, stayer);
  expect(othersBefore.sync_items).toBeGreaterThan(0);

  await leaving.page.goto('#/account');
  await leaving.page.getByRole('main').getByRole('button', { name: /^Delete (my )?account$/ }).click();
  await leaving.page.getByRole('button', { name: /^Delete (my )?account$/ }).last().click();
  await expect(signInEntry(leaving.page)).toBeVisible();

  expect(await rowsOf(world.databaseUrl, leaver)).toEqual({ users: 0, sessions: 0, sync_items: 0 });
  expect(await rowsOf(world.databaseUrl, stayer)).toEqual(othersBefore);
  expect((await leaving.page.request.get('/api/me')).status()).toBe(401);
});

test('on a phone: sign in and the Account page, readable and axe-clean in light and dark', async ({ browser }) => {
  const phone = await newDevice(browser, world.instances[1], PHONE);
  await phone.page.goto('#/account');
  await expect(phone.page.getByRole('heading', { level: 1 })).toBeVisible();
  await scan(phone.page, 'Account page, signed out');
  await signIn(phone.page, 'student08@studyforge.test');
  const main = phone.page.getByRole('main');
  await expect(main.getByText('Student 08')).toBeVisible();
  // Nothing sticks out sideways on a phone.
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await scan(phone.page, 'Account page, signed in');
});
