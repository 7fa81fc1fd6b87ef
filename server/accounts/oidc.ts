import * as client from 'openid-client';
import type { LoginAttempt } from './loginAttempt';
import type { OidcProviderSettings } from './settings';

/*
 * OpenID Connect with openid-client (certified by the OpenID Foundation):
 * discovery once per issuer, the authorization code flow with PKCE (S256),
 * state and nonce, and the ID token checked by the library: issuer,
 * audience, expiry, nonce, its algorithm, and its signature against the
 * issuer's published keys (JWKS).
 *
 * openid-client checks the signature of an ID token from the token endpoint
 * only when asked (the standard lets a client trust its TLS connection);
 * we ask, so a token endpoint that is not the issuer's cannot name anyone.
 */

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean | undefined;
  name: string | null;
  claims: Record<string, unknown>;
}

/** An answer from the provider that does not sign anyone in; `cancelled` when the person or the provider said no. */
export class SignInRefused extends Error {
  override name = 'SignInRefused';
  constructor(
    message: string,
    readonly cancelled: boolean,
  ) {
    super(message);
  }
}

/** The provider could not be reached or did not describe itself (discovery). */
export class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable';
}

/** OIDC's default algorithm, and what Google, Microsoft Entra and the usual school providers sign with. */
const ID_TOKEN_ALG = 'RS256';
const SCOPE = 'openid email profile';

export interface OidcClients {
  authorizationUrl(provider: OidcProviderSettings, attempt: LoginAttempt, redirectUri: string): Promise<URL>;
  /** The verified identity in the callback at `callbackUrl`, or SignInRefused. */
  finish(provider: OidcProviderSettings, attempt: LoginAttempt, callbackUrl: URL): Promise<VerifiedIdentity>;
}

export function newAttempt(provider: string, now: number): LoginAttempt {
  return { provider, state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), startedAt: now };
}

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
}

export function createOidcClients(): OidcClients {
  // One discovery per issuer, shared by every sign-in; a failed one is forgotten so the next sign-in tries again.
  const configs = new Map<string, Promise<client.Configuration>>();

  function configFor(provider: OidcProviderSettings): Promise<client.Configuration> {
    const known = configs.get(provider.id);
    if (known) return known;
    const issuer = new URL(provider.issuer);
    const metadata: Partial<client.ClientMetadata> = { id_token_signed_response_alg: ID_TOKEN_ALG };
    if (provider.clientSecret) metadata.client_secret = provider.clientSecret;
    const pending = client
      .discovery(issuer, provider.clientId, metadata, undefined, {
        // http only for a provider on this machine (settings.ts refuses it anywhere else).
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      })
      .then((config) => {
        client.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error: unknown) => {
        configs.delete(provider.id);
        throw new ProviderUnreachable(error instanceof Error ? error.message : String(error));
      });
    configs.set(provider.id, pending);
    return pending;
  }

  return {
    async authorizationUrl(provider, attempt, redirectUri) {
      const config = await configFor(provider);
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(attempt.verifier),
        code_challenge_method: 'S256',
        state: attempt.state,
        nonce: attempt.nonce,
      });
    },

    async finish(provider, attempt, callbackUrl) {
      const config = await configFor(provider);
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: attempt.verifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof client.AuthorizationResponseError) {
          throw new SignInRefused(`the provider answered ${error.error}`, error.error === 'access_denied');
        }
        // The library's code and reason (e.g. OAUTH_JWT_CLAIM_COMPARISON_FAILED, the claim) tell the operator which check refused.
        const code = error instanceof client.ClientError ? ` ${error.code ?? ''}` : '';
        const reason = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
        throw new SignInRefused(error instanceof Error ? `${error.name}${code}: ${error.message}${reason}` : String(error), false);
      }
      const claims = tokens.claims();
      if (!claims) throw new SignInRefused('no ID token', false);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: text(claims.email, 320)?.toLowerCase() ?? null,
        emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
        name: text(claims.name, 200),
        claims: { ...claims },
      };
    },
  };
}
