import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from '../../server/testing/processGroup';
import { startDevIdp, type DevIdp } from '../../tooling/idpDev';
import { cleanEnvironment, copyOfBuild } from './accounts';

/*
 * One gateway (server/node.ts) with sign-in on against the local OpenID
 * provider (its demo school's accounts), keeping accounts in the embedded
 * database in a temporary folder: what `npm start` with the README's three
 * variables runs. Its own process group, stopped whole; the folder removed.
 */

const root = path.resolve(import.meta.dirname, '../..');

export const DEMO_PASSWORD = 'studyforge';

export interface AccountGateway {
  url: string;
  stop(): Promise<void>;
}

export async function startAccountGateway(): Promise<AccountGateway> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((error: unknown) => console.error('[account gateway] stopping:', error));
  };
  try {
    const workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-account-page-'));
    stops.push(() => rm(workDir, { recursive: true, force: true }));
    const staticDir = await copyOfBuild(workDir);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const idp: DevIdp = await startDevIdp({ port: 0, redirectUris: [`${url}/auth/callback`] });
    stops.push(() => idp.close());
    const proc: GroupProcess = spawnGroup(process.execPath, ['--import', 'tsx', 'server/node.ts'], {
      cwd: root,
      env: {
        ...cleanEnvironment(),
        PORT: String(port),
        HOST: '127.0.0.1',
        STUDYFORGE_STATIC_DIR: staticDir,
        STUDYFORGE_PUBLIC_URL: url,
        STUDYFORGE_DATA_DIR: path.join(workDir, 'data'),
        STUDYFORGE_OIDC_ISSUER: idp.issuer,
        STUDYFORGE_OIDC_CLIENT_ID: idp.clientId,
        STUDYFORGE_OIDC_CLIENT_SECRET: idp.clientSecret,
        STUDYFORGE_OIDC_LABEL: 'Demo school',
        STUDYFORGE_TEACHERS: 'teacher@studyforge.test',
      },
    });
    stops.push(() => proc.stop());
    await waitUntilUp(`${url}/healthz`, proc, 60_000);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The provider's own login form (server/accounts/testing/devIdpLoginPage.ts), filled in as a person does; back at the app's Account page. */
export async function signInOnProviderPage(page: Page, email: string, landing: RegExp = /#\/account$/): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Demo school sign-in' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(landing);
}

/** From the Account page of `url`, through the provider's login form, signed in as `email`. */
export async function signInFromAccountPage(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/#/account`);
  await page.getByRole('main').getByRole('link', { name: 'Sign in with Demo school' }).click();
  await signInOnProviderPage(page, email);
}

/** One gateway for a spec file: started before its tests, stopped after them; read it inside a test. */
export function gatewayForFile(): () => AccountGateway {
  let gateway: AccountGateway | undefined;
  test.beforeAll(async () => {
    // A gateway and a provider starting can take more than a test's usual 30 s on a busy machine.
    test.setTimeout(120_000);
    gateway = await startAccountGateway();
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });
  return () => {
    if (!gateway) throw new Error('The gateway for this file has not started.');
    return gateway;
  };
}
