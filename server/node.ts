import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { providersFromEnv } from '../src/providers/fromEnvironment';
import { createGateway } from './app';
import { injectAppConfig } from './appConfig';
import { appPageHeaders } from './contentSecurityPolicy';
import { accountSettingsFromEnv } from './accounts/settings';
import { callerKey, socketAddress } from './clientAddress';
import { gatewaySettingsFromEnv } from './config';
import { limitStoreFor } from './limitStore/choose';
import { nodeLimitStores } from './limitStore/runtimeStores';
import { logUnexpectedFailure } from './gatewayLog';
import { hasHiddenSegment } from './staticPaths';

/*
 * `npm start`: builds the app if the build is missing or older than its
 * sources, then serves the app and the gateway from one port.
 */

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(root, process.env.STUDYFORGE_STATIC_DIR ?? 'dist');
const sources = ['src', 'registry', 'renderers', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'tooling/cspPlugin.ts', 'tooling/ocrDataPlugin.ts', 'server/contentSecurityPolicy.ts'];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(target).map((name) => newestChange(path.join(target, name))));
}

async function ensureBuilt(): Promise<void> {
  const index = path.join(distDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newestChange(path.join(root, s))));
  if (built >= changed) return;
  console.log(built === 0 ? '[studyforge] building the app...' : '[studyforge] sources changed since the last build: rebuilding...');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
}

async function main(): Promise<void> {
  if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
  const env = process.env;
  const settings = gatewaySettingsFromEnv(env);
  const providers = providersFromEnv(env);
  // Sign-in is on only when an identity provider is named; otherwise no database is opened at all.
  const accounts = accountSettingsFromEnv(env);
  await ensureBuilt();

  const indexHtml = injectAppConfig(readFileSync(path.join(distDir, 'index.html'), 'utf8'), {
    backendUrl: providers.text ? '.' : '',
    publicKey: settings.publicKey,
    transcribeUrl: providers.transcription ? '.' : '',
    ...(providers.transcription?.accepts ? { transcribeAccepts: [...providers.transcription.accepts] } : {}),
    ...(accounts ? { accounts: { providers: accounts.providers.map(({ id, label }) => ({ id, label })) } } : {}),
  });

  const app = new Hono();
  const limitStore = await limitStoreFor(settings, nodeLimitStores);
  app.route('/', createGateway({ settings, text: providers.text, transcription: providers.transcription, socketAddress, limitStore, processMetrics: true }));
  if (accounts) {
    // Loaded only here, so a gateway without sign-in never loads the database or OpenID code.
    const [{ openDatabase, databaseOptionsFromEnv }, { mountAccounts }, { withDeploymentSecret }, { startRetention }] = await Promise.all([
      import('./database/database'),
      import('./accounts/mount'),
      import('./accounts/deploymentSecret'),
      import('./accounts/retention'),
    ]);
    const databaseOptions = databaseOptionsFromEnv(env);
    const accountSettings = withDeploymentSecret(accounts, databaseOptions);
    const db = await openDatabase(databaseOptions);
    mountAccounts(app, { settings: accountSettings, db, limitStore, text: providers.text, clientOf: (c) => callerKey(c.req.header('x-forwarded-for'), socketAddress(c), settings.trustedHops) });
    startRetention(db, { days: accountSettings.inactiveAccountDays, secret: accountSettings.secret });
    console.log(`[studyforge] sign-in: ${accounts.providers.map((p) => new URL(p.issuer).host).join(', ')}; accounts in ${db.kind === 'postgres' ? 'PostgreSQL' : 'the embedded database'}`);
  }
  // The app's pages carry the Content-Security-Policy as a header too, with what a meta element cannot say (frame-ancestors).
  // The page is checked again on every visit, so a new deploy reaches people at once; it names the current assets.
  const pageHeaders = { ...appPageHeaders(), 'Cache-Control': 'no-cache' };
  app.get('/', (c) => c.html(indexHtml, 200, pageHeaders));
  app.get('/index.html', (c) => c.html(indexHtml, 200, pageHeaders));
  // Vite names every file in assets/ by a hash of its content, so a browser keeps it a year without asking again:
  // a returning visit loads no JavaScript or CSS over the network. A changed file has a new name.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Only the build is served: no hidden file (.env, .git) that someone left in the folder, however the path is spelt.
  app.use('/*', async (c, next) => {
    if (hasHiddenSegment(new URL(c.req.url).pathname)) return c.json({ error: 'Not found.' }, 404);
    await next();
    return undefined;
  });
  app.use('/*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.' }));
  // Hono's default prints the whole error with its stack: log it as the gateway's own routes do (gatewayLog.ts).
  app.onError((error, c) => {
    logUnexpectedFailure(error, settings.log);
    return c.json({ error: 'The gateway could not complete the request.' }, 500);
  });

  const port = Number(env.PORT ?? 8787);
  const hostname = env.HOST ?? '127.0.0.1';
  serve({ fetch: app.fetch, port, hostname }, () => {
    console.log(`[studyforge] http://${hostname}:${port}/  (models: ${providers.description})`);
    if (providers.transcriptionNotice) console.log(`[studyforge] ${providers.transcriptionNotice}`);
    if (providers.structuredNotice) console.log(`[studyforge] ${providers.structuredNotice}`);
    // Ask the provider whether it serves the configured model; after listening, never blocking it (3 s at most).
    void providers.checkModel?.().then((sentence) => console.log(sentence));
  });
}

main().catch((error: unknown) => {
  console.error(`[studyforge] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
