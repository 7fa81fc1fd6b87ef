import { pathToFileURL } from 'node:url';
import { DEV_ACCOUNTS, DEV_PASSWORD } from '../server/accounts/testing/devAccounts';
import { startDevIdp } from '../server/accounts/testing/devIdp';

/*
 * `npm run idp:dev`: the local OpenID provider (server/accounts/testing/devIdp.ts)
 * on http://127.0.0.1:4455, for trying StudyForge's sign-in by hand
 * (docs/sign-in.md). Tests start the same provider in-process on a free port.
 */

export { startDevIdp, type DevIdp } from '../server/accounts/testing/devIdp';

async function main(): Promise<void> {
  const gateway = process.env.STUDYFORGE_PUBLIC_URL ?? 'http://127.0.0.1:8787';
  const redirectUris = [...new Set([new URL('/auth/callback', gateway).href, 'http://127.0.0.1:8787/auth/callback', 'http://localhost:8787/auth/callback'])];
  const idp = await startDevIdp({ port: Number(process.env.IDP_PORT ?? 4455), redirectUris });
  console.log(`[idp:dev] a local OpenID provider at ${idp.issuer}`);
  console.log(`[idp:dev] client ${idp.clientId}, secret ${idp.clientSecret}; callbacks: ${redirectUris.join(', ')}`);
  console.log(`[idp:dev] accounts: ${DEV_ACCOUNTS[0]?.email} (teacher), student01..student30@studyforge.test; password ${DEV_PASSWORD}`);
  console.log(`[idp:dev] start StudyForge with: STUDYFORGE_OIDC_ISSUER=${idp.issuer} STUDYFORGE_OIDC_CLIENT_ID=${idp.clientId} STUDYFORGE_OIDC_CLIENT_SECRET=${idp.clientSecret} STUDYFORGE_TEACHER_CLAIM=roles npm start`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`[idp:dev] could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
