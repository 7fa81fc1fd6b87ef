import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import pg from 'pg';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from '../../server/testing/processGroup';
import { startPostgres } from '../../server/testing/postgresServer';
import { DEV_PASSWORD } from '../../server/accounts/testing/devAccounts';
import { startDevIdp, type DevIdp } from '../../server/accounts/testing/devIdp';

/*
 * The world the account flows run in, as a district runs StudyForge: one
 * real PostgreSQL, the local OpenID provider (a real oidc-provider with the
 * demo school's accounts), and two gateway processes (server/node.ts) sharing
 * that database, so one person's two devices can sit on different instances.
 * Started once per spec file; every process in its own group, stopped whole.
 */

const root = path.resolve(import.meta.dirname, '../..');
// The build the Playwright web server made for this run (playwright.config.ts).
const build = path.join(root, '.e2e-build', process.env.E2E_PORT ?? '4317');

export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface Instance {
  url: string;
  proc: GroupProcess;
}

export interface AccountsWorld {
  instances: [Instance, Instance];
  databaseUrl: string;
  idp: DevIdp;
  stop(): Promise<void>;
}

/** The inherited environment minus every provider and StudyForge variable, so a developer's .env changes nothing: sample answers. */
export function cleanEnvironment(): Record<string, string> {
  const kept = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && !/^(GEMINI_|OPENAI_|OLLAMA_|TRANSCRIBE_|STUDYFORGE_)/.test(entry[0]),
  );
  // Blank rather than absent: server/node.ts loads .env, which never overrides a variable that is set.
  const blanks = ['STUDYFORGE_PROVIDER', 'GEMINI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OLLAMA_URL', 'TRANSCRIBE_PROVIDER', 'TRANSCRIBE_BASE_URL', 'TRANSCRIBE_API_KEY'];
  return { ...Object.fromEntries(kept), ...Object.fromEntries(blanks.map((name) => [name, ''])) };
}

async function startInstance(port: number, staticDir: string, env: Record<string, string>): Promise<Instance> {
  const url = `http://127.0.0.1:${port}`;
  // Node runs the gateway itself (tsx as a loader), in its own process group: stopping the group ends everything it started.
  const proc = spawnGroup(process.execPath, ['--import', 'tsx', 'server/node.ts'], {
    cwd: root,
    env: { ...cleanEnvironment(), PORT: String(port), HOST: '127.0.0.1', STUDYFORGE_STATIC_DIR: staticDir, STUDYFORGE_PUBLIC_URL: url, ...env },
  });
  try {
    await waitUntilUp(`${url}/healthz`, proc, 60_000);
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return { url, proc };
}

/** A copy of this run's build in `workDir`, dated in 2100: server/node.ts serves it as it is, never rebuilding it while others edit sources. */
export async function copyOfBuild(workDir: string): Promise<string> {
  const staticDir = path.join(workDir, 'dist');
  await cp(build, staticDir, { recursive: true });
  const future = new Date('2100-01-01T00:00:00Z');
  await utimes(path.join(staticDir, 'index.html'), future, future);
  return staticDir;
}

/** `env`: more of the gateways' settings (e.g. STUDYFORGE_TEACHERS, so the demo teacher signs in as a teacher). */
export async function startAccountsWorld(options: { env?: Record<string, string> } = {}): Promise<AccountsWorld> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((error: unknown) => console.error('[accounts world] stopping:', error));
  };
  try {
    const workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-accounts-'));
    stops.push(() => rm(workDir, { recursive: true, force: true }));
    const staticDir = await copyOfBuild(workDir);

    const database = await startPostgres();
    stops.push(() => database.stop());
    // The provider must know both callbacks before either gateway sends anyone to it.
    const ports = [await freePort(), await freePort()] as const;
    const idp = await startDevIdp({ port: 0, redirectUris: ports.map((port) => `http://127.0.0.1:${port}/auth/callback`) });
    stops.push(() => idp.close());
    const env = {
      STUDYFORGE_DATABASE_URL: database.url,
      STUDYFORGE_OIDC_ISSUER: idp.issuer,
      STUDYFORGE_OIDC_CLIENT_ID: idp.clientId,
      STUDYFORGE_OIDC_CLIENT_SECRET: idp.clientSecret,
      // The same on both: a sign-in started on one instance may come back to the other.
      STUDYFORGE_SESSION_SECRET: randomBytes(32).toString('base64url'),
      ...options.env,
    };
    const instances: Instance[] = [];
    // One after the other: the first applies the migrations, the second finds them applied.
    for (const port of ports) {
      const instance = await startInstance(port, staticDir, env);
      stops.push(() => instance.proc.stop());
      instances.push(instance);
    }
    return { instances: [instances[0]!, instances[1]!], databaseUrl: database.url, idp, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The devices a flow opened: closed after it, once a failing flow has shown what each one had on screen. */
const openPages = new Set<Page>();

export async function closeDevices(): Promise<void> {
  await Promise.all([...openPages].map((page) => page.context().close()));
  openPages.clear();
}

/** A fresh browser (no storage, no cookies) at `instance`, sized as a laptop unless told. */
export async function newDevice(browser: Browser, instance: Instance, viewport = LAPTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: `${instance.url}/`, viewport });
  const page = await context.newPage();
  openPages.add(page);
  return { context, page };
}

/** For a failed flow: each open device's address and what was on its screen, and what the gateways printed. */
export async function attachScreens(testInfo: TestInfo, world: AccountsWorld | undefined): Promise<void> {
  let index = 0;
  for (const page of openPages) {
    const screen = await page
      .getByRole('main')
      .ariaSnapshot({ timeout: 2_000 })
      .catch(async () => `(no accessibility tree) ${(await page.content().catch(() => '')).slice(0, 2_000)}`);
    await testInfo.attach(`device ${++index}`, { body: `${page.url()}\n${screen}`, contentType: 'text/plain' });
  }
  for (const [n, instance] of (world?.instances ?? []).entries()) {
    await testInfo.attach(`gateway ${n + 1} output`, { body: instance.proc.output(), contentType: 'text/plain' });
  }
}

/** The Account page's way to sign in ("Sign in with <the school's provider>"), shown only while signed out. */
export function signInEntry(page: Page) {
  return page.getByRole('main').getByRole('link', { name: /^Sign in/ }).first();
}

/** Signs in through the app's Account page and the provider's real login form, and waits until the app shows the account. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('#/account');
  await signInEntry(page).click();
  // The provider's own page (tooling/idp/loginPage.ts).
  await expect(page.getByRole('heading', { level: 1, name: 'Demo school sign-in' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(DEV_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/#\/account$/);
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
}

export interface Me {
  user: { id: string; name: string | null; email: string | null; role: string };
  csrfToken: string;
}

/** Who the browser's cookie says it is (the context's own cookies go with page.request). */
export async function me(request: APIRequestContext): Promise<Me> {
  const response = await request.get('/api/me');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Me;
}

export type RowCounts = { users: number; sessions: number; sync_items: number };

/** How many rows the database holds for a user, read as the table owner (no row-level security in the way). */
export async function rowsOf(databaseUrl: string, userId: string): Promise<RowCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql, [userId])).rows[0]?.n ?? -1);
    return {
      users: await count('select count(*) as n from users where id = $1'),
      sessions: await count('select count(*) as n from sessions where user_id = $1'),
      sync_items: await count('select count(*) as n from sync_items where user_id = $1'),
    };
  } finally {
    await client.end();
  }
}
