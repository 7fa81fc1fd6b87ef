import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOidc } from 'oidc-provider';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, DEV_PASSWORD, devAccountByEmail, devAccountBySub } from './devAccounts';
import { loginPage } from './devIdpLoginPage';

/*
 * `npm run idp:dev`: a real OpenID provider (oidc-provider, the certified
 * one) on http://127.0.0.1:4455, so StudyForge's sign-in can be tried and
 * tested against the same protocol a school's Google, Microsoft or other
 * provider speaks: discovery, authorization code with PKCE, signed ID tokens,
 * a JWKS. Only the login screen is ours (not oidc-provider's devInteractions,
 * which accepts any name without a password), with the demo accounts of
 * devAccounts.ts. `npm run idp:dev` (tooling/idpDev.ts) runs it on its own;
 * tests start it in-process.
 */

export interface DevIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

const MAX_FORM_BYTES = 4_096;

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const piece = chunk instanceof Buffer ? chunk : Buffer.from(String(chunk));
    size += piece.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(piece);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

/** The sign-in screen's three requests: show the form, check a submission, cancel. */
async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const [, , uid = '', action = ''] = (req.url ?? '').split('?')[0]?.split('/') ?? [];
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return sendHtml(res, 400, 'This sign-in page has expired. Start again from StudyForge.');
  if (req.method === 'GET') return sendHtml(res, 200, loginPage(uid));
  if (req.method !== 'POST') return sendHtml(res, 405, 'Use the form.');
  if (action === 'abort') {
    return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled the sign-in.' }, { mergeWithLastSubmission: false });
  }
  const form = await readForm(req);
  const email = form?.get('email') ?? '';
  const account = devAccountByEmail(email);
  if (!account || form?.get('password') !== DEV_PASSWORD) {
    return sendHtml(res, 401, loginPage(uid, { email: email.slice(0, 200), error: 'That email address and password do not match a demo account.' }));
  }
  return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
}

function configuration(redirectUris: string[]): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: DEV_CLIENT_SECRET,
        redirect_uris: redirectUris,
        // openid-client sends the secret in the form body unless told otherwise.
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev-rs256', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // roles comes with profile, so StudyForge asks only for the standard scopes (a school's provider names roles its own way).
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'roles'] },
    // The ID token carries the profile claims itself: StudyForge reads them there and never calls userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // StudyForge is this provider's own first-party app: no consent screen, as a school's provider is set up for its own apps.
    async loadExistingGrant(ctx: KoaContextWithOidc) {
      const { client, session, result, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, sub) {
      const account = devAccountBySub(sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({ sub: account.sub, email: account.email, email_verified: true, name: account.name, ...(account.roles.length ? { roles: account.roles } : {}) }),
      };
    },
    renderError(ctx, out) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `The demo sign-in could not go on: ${out.error_description ?? out.error ?? 'unknown error'}`;
    },
    clientBasedCORS: () => false,
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts the provider (port 0: any free port); tests hand in their own gateway's callback address. */
export async function startDevIdp(options: { port: number; redirectUris: string[]; host?: string }): Promise<DevIdp> {
  const host = options.host ?? '127.0.0.1';
  let provider: Provider | undefined;
  const server = createServer((req, res) => {
    if (!provider) return sendHtml(res, 503, 'Starting.');
    if ((req.url ?? '').startsWith('/interaction/')) {
      interaction(provider, req, res).catch((error: unknown) => {
        if (!res.headersSent) sendHtml(res, 400, `This sign-in page has expired. Start again from StudyForge. (${error instanceof Error ? error.message : 'unknown'})`);
      });
      return undefined;
    }
    return provider.callback()(req, res);
  });
  const port = await listen(server, options.port, host);
  const issuer = `http://${host}:${port}`;
  provider = new Provider(issuer, configuration(options.redirectUris));
  return {
    issuer,
    clientId: DEV_CLIENT_ID,
    clientSecret: DEV_CLIENT_SECRET,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
