import type { Page } from '@playwright/test';

/*
 * The gateway's config element with `accounts` in it, as server/appConfig.ts
 * writes it when sign-in is on, put into the preview build's page: for what a
 * config with several providers shows, with no gateway to start.
 */

export type Providers = { id: string; label: string }[];

/** Writes the gateway's config element into the app's page, as the gateway does with sign-in on. */
export async function serveAppConfig(page: Page, providers: Providers): Promise<void> {
  const config = { backendUrl: '', publicKey: '', transcribeUrl: '', accounts: { providers } };
  const tag = `<script type="application/json" id="studyforge-config">${JSON.stringify(config)}</script>`;
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/index.html',
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('</head>', `${tag}</head>`) });
    },
  );
}
