import { createHash, createHmac, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small, strict OpenID issuer that can lie. It serves discovery, a JWKS and
 * a token endpoint like a real provider (the client must authenticate, PKCE
 * S256 is checked, codes are one-use), signs people in without a form, and
 * then hands out the ID token its `mode` says: an honest one, or one forged,
 * expired, for another issuer or audience, unsigned (alg none), signed with
 * the client secret (HS256), or for another sign-in (wrong nonce). Its
 * discovery even claims to support HS256 and none, as a hostile one would.
 *
 * Tokens are built with node:crypto (a JWS is three base64url parts), so the
 * tests need no JOSE library of their own.
 */

export type HostileMode = 'honest' | 'forged' | 'expired' | 'wrong-issuer' | 'wrong-audience' | 'alg-none' | 'hs256' | 'wrong-nonce';

export interface HostileIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  mode: HostileMode;
  /** A sloppy provider that lets a code be redeemed again (so only the gateway's own one-use check stands). */
  codesReusable: boolean;
  close(): Promise<void>;
}

interface IssuedCode {
  challenge: string;
  nonce: string | undefined;
  redirectUri: string;
  used: boolean;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function rsaKey(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk instanceof Buffer ? chunk : Buffer.from(String(chunk)));
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function startHostileIssuer(): Promise<HostileIssuer> {
  const published = rsaKey();
  const attacker = rsaKey();
  const codes = new Map<string, IssuedCode>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: HostileIssuer = {
    issuer,
    clientId: 'studyforge-test',
    clientSecret: 'hostile-test-secret-0123456789abcdef',
    mode: 'honest',
    codesReusable: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function idToken(nonce: string | undefined): string {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: state.mode === 'wrong-issuer' ? 'https://evil.example' : issuer,
      aud: state.mode === 'wrong-audience' ? 'another-client' : state.clientId,
      sub: 'hostile-subject',
      email: 'someone@hostile.test',
      email_verified: true,
      name: 'Someone Hostile',
      iat: state.mode === 'expired' ? now - 7_200 : now,
      exp: state.mode === 'expired' ? now - 3_600 : now + 300,
      ...(nonce !== undefined ? { nonce: state.mode === 'wrong-nonce' ? 'a-nonce-from-another-sign-in' : nonce } : {}),
    };
    const alg = state.mode === 'alg-none' ? 'none' : state.mode === 'hs256' ? 'HS256' : 'RS256';
    const signingInput = `${b64url(JSON.stringify({ alg, typ: 'JWT', kid: 'k1' }))}.${b64url(JSON.stringify(claims))}`;
    if (alg === 'none') return `${signingInput}.`;
    if (alg === 'HS256') return `${signingInput}.${b64url(createHmac('sha256', state.clientSecret).update(signingInput).digest())}`;
    const key = state.mode === 'forged' ? attacker.privateKey : published.privateKey;
    return `${signingInput}.${b64url(createSign('RSA-SHA256').update(signingInput).sign(key))}`;
  }

  function authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const challenge = q.get('code_challenge');
    if (q.get('client_id') !== state.clientId || q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !challenge || !redirectUri) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const code = randomBytes(16).toString('base64url');
    codes.set(code, { challenge, nonce: q.get('nonce') ?? undefined, redirectUri, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const given = q.get('state');
    if (given !== null) back.searchParams.set('state', given);
    res.writeHead(302, { Location: back.href });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await formOf(req);
    if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret) return json(res, 401, { error: 'invalid_client' });
    const issued = codes.get(form.get('code') ?? '');
    if (!issued || (issued.used && !state.codesReusable) || form.get('redirect_uri') !== issued.redirectUri) return json(res, 400, { error: 'invalid_grant' });
    const verifier = form.get('code_verifier') ?? '';
    if (b64url(createHash('sha256').update(verifier).digest()) !== issued.challenge) return json(res, 400, { error: 'invalid_grant' });
    issued.used = true;
    json(res, 200, { access_token: randomBytes(16).toString('base64url'), token_type: 'Bearer', expires_in: 300, id_token: idToken(issued.nonce) });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256', 'HS256', 'none'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [{ ...published.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] });
    if (url.pathname === '/authorize') return authorize(url, res);
    if (url.pathname === '/token' && req.method === 'POST') {
      token(req, res).catch(() => json(res, 500, { error: 'server_error' }));
      return undefined;
    }
    return json(res, 404, { error: 'not_found' });
  });
  return state;
}
