import { expect, test, type Page, type Route } from '@playwright/test';
import { startAccountGateway, signInOnProviderPage, type AccountGateway } from './support/accountGateway';
import { serveAppConfig } from './support/accountConfig';
import { appHeader, flowProject, seedStorage, storageKeys } from './support/app';
import { scan } from './support/a11y';

/*
 * Accounts as a person sees them, on a laptop and on a phone: the header's
 * Sign in (only when the gateway has sign-in on), signing in through the
 * school's provider (the local OpenID provider's real login form), the
 * Account page, signing out, deleting the account behind a confirmation,
 * and the first-sign-in choice; axe-clean in the light and dark schemes.
 */

// In order in one worker: the file's gateway and provider are started once.
test.describe.configure({ mode: 'default' });

const TEACHER = 'teacher@studyforge.test';
const VIEWPORTS = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const main = (page: Page) => page.getByRole('main');
const signInLink = (page: Page) => appHeader(page).getByRole('link', { name: 'Sign in' });
const signedOut = (page: Page) => main(page).getByText(/You are not signed in/);
/** StudyForge's keys in this browser's storage. */
const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('studyforge:')));

test.describe('sign-in off (the preview build: no `accounts` in the config)', () => {
  test('the header has no Sign in, and no one is asked who is signed in', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/(api|auth)\//.test(new URL(request.url()).pathname)) asked.push(request.url());
    });
    await page.goto('./#/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(appHeader(page).getByLabel(/Active project/)).toBeVisible();
    // The page settles (its on-demand code would have arrived by now) before the header is read.
    await page.waitForLoadState('networkidle');
    await expect(appHeader(page).getByRole('link')).toHaveCount(0);
    await expect(appHeader(page).getByText('Sign in')).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test('several providers in the config: Sign in leads to the Account page, which offers each', async ({ page }) => {
    await serveAppConfig(page, [
      { id: 'google', label: 'Google' },
      { id: 'entra', label: 'Microsoft' },
    ]);
    await page.route('**/api/me', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Sign in to use this."}' }));
    await page.goto('./#/dashboard');
    await expect(signInLink(page)).toHaveAttribute('href', '#/account');
    await signInLink(page).click();
    await expect(main(page).getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/auth/login?provider=google');
    await expect(main(page).getByRole('link', { name: 'Sign in with Microsoft' })).toHaveAttribute('href', '/auth/login?provider=entra');
  });
});

test.describe('served by the gateway with sign-in on', () => {
  let gateway: AccountGateway;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    gateway = await startAccountGateway();
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  async function openSignedIn(page: Page): Promise<void> {
    await page.goto(`${gateway.url}/#/account`);
    await main(page).getByRole('link', { name: 'Sign in with Demo school' }).click();
    await signInOnProviderPage(page, TEACHER);
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`on a ${name} (${viewport.width}x${viewport.height})`, () => {
      test.use({ viewport });

      test('Sign in from the header, the Account page, then sign out', async ({ page }) => {
        // Three axe scans in two schemes and a sign-in through the provider: more than a flow's usual 30 s on a busy machine.
        test.slow();
        await page.goto(`${gateway.url}/#/dashboard`);
        // One provider: the header goes straight to its sign-in.
        await expect(signInLink(page)).toHaveAttribute('href', /^\/auth\/login\?provider=/);
        await scan(page, `${name}: dashboard with Sign in`);
        await signInLink(page).click();
        await signInOnProviderPage(page, TEACHER);

        await expect(main(page).getByText('Signed in as Demo Teacher')).toBeVisible();
        await expect(main(page).getByText(TEACHER)).toBeVisible();
        await expect(main(page).getByText('Role: Teacher')).toBeVisible();
        await expect(main(page).getByRole('status')).toHaveText('All changes saved to your account');
        await expect(appHeader(page).getByRole('link', { name: 'Demo Teacher, your account' })).toHaveAttribute('href', '#/account');
        await expect(appHeader(page).getByText('Saved')).toBeAttached();
        await scan(page, `${name}: Account page signed in`);

        await main(page).getByRole('button', { name: 'Sign out', exact: true }).click();
        await expect(signedOut(page)).toBeVisible();
        await expect(signInLink(page)).toBeVisible();
        // The session ended on the server, not only on screen.
        expect((await page.request.get(`${gateway.url}/api/me`)).status()).toBe(401);
        await scan(page, `${name}: Account page signed out`);
      });

      test('the first sign-in asks before uploading; Delete my account asks first, and ticked, empties this browser', async ({ page }) => {
        test.slow();
        await seedStorage(page, { [storageKeys.projects]: [flowProject] });
        const pushes: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/sync/push')) pushes.push(request.url());
        });
        await openSignedIn(page);
        // This browser has work and has never synced with the account: nothing goes up until the person says.
        await expect(main(page).getByRole('heading', { name: 'This browser already has your work' })).toBeVisible();
        await scan(page, `${name}: first sign-in choice`);
        expect(pushes).toEqual([]);
        await main(page).getByRole('button', { name: 'Keep it only on this browser' }).click();
        await expect(main(page).getByRole('status')).toHaveText('All changes saved to your account');

        await main(page).getByRole('button', { name: 'Delete my account' }).click();
        const panel = main(page).getByRole('group', { name: 'Delete your account?' });
        await expect(panel).toContainText('Every item synced to your account is removed from the server');
        await expect(panel).toContainText('This browser keeps its copy');
        await expect(panel.getByRole('button', { name: 'Cancel' })).toBeFocused();
        await scan(page, `${name}: delete confirmation`);

        await panel.getByRole('checkbox', { name: 'Also remove it from this browser' }).check();
        // The code that empties this browser comes on demand; held here as on a slow connection. Until it has run, the
        // page must not say "signed out": a person on a shared computer who closes the tab then would leave their work.
        const emptierAsked = new Promise<Route>((resolve) => void page.route(/\/assets\/deleteAll-[\w-]+\.js$/, resolve));
        await panel.getByRole('button', { name: 'Delete my account' }).click();
        const emptier = await emptierAsked;
        await expect(signedOut(page)).toBeHidden();
        expect(await storedKeys(page)).toContain(storageKeys.projects);
        await emptier.continue();
        await expect(signedOut(page)).toBeVisible();
        expect((await page.request.get(`${gateway.url}/api/me`)).status()).toBe(401);
        expect(await storedKeys(page)).not.toContain(storageKeys.projects);
      });
    });
  }

  test('signing out keeps this browser’s work unless "Remove my work from this browser" is ticked', async ({ page }) => {
    await seedStorage(page, { [storageKeys.projects]: [flowProject] });
    await openSignedIn(page);
    await main(page).getByRole('button', { name: /Upload this browser.s work to your account/ }).click();
    await expect(main(page).getByRole('status')).toHaveText('All changes saved to your account');
    await main(page).getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(signedOut(page)).toBeVisible();
    expect(await storedKeys(page)).toContain(storageKeys.projects);

    await main(page).getByRole('link', { name: 'Sign in with Demo school' }).click();
    // The provider remembers this browser's sign-in there: straight back, with no form this time.
    await expect(page).toHaveURL(/#\/account$/);
    const removeHere = main(page).getByRole('checkbox', { name: 'Remove my work from this browser' });
    await expect(removeHere).not.toBeChecked();
    await removeHere.check();
    await main(page).getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(signedOut(page)).toBeVisible();
    expect(await storedKeys(page)).not.toContain(storageKeys.projects);
  });

  test('a request the server refuses shows its plain message, and the page stays usable', async ({ page }) => {
    await openSignedIn(page);
    await expect(main(page).getByText('Signed in as Demo Teacher')).toBeVisible();
    // A token the server does not accept, as after the session changed in another tab: the server's own 403.
    await page.route('**/auth/logout-everywhere', (route, request) => route.continue({ headers: { ...request.headers(), 'x-csrf-token': 'not-this-session' } }));
    await main(page).getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(main(page).getByRole('alert')).toContainText('This request could not be verified. Reload the page and try again.');
    await expect(main(page).getByText('Signed in as Demo Teacher')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect((await page.request.get(`${gateway.url}/api/me`)).status()).toBe(200);
  });
});
