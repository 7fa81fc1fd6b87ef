import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './tooling/findChromium';
import { fakeMicrophoneWav } from './e2e/support/media';

/*
 * End-to-end flows run against the production build (vite preview) on the
 * offline sample backend, in whatever Chromium this machine has: Debian's
 * /usr/bin/chromium on CI, Playwright's own or an installed Chrome on a laptop.
 */

const PORT = Number(process.env.E2E_PORT ?? 4317);
const browser = findChromium();

export default defineConfig({
  testDir: 'e2e',
  // Fails the run if a flow leaves a process running (server/testing/leftoverProcesses.ts).
  globalSetup: './e2e/support/noLeftovers.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // On CI one retry, so a flow that fails only under load does not sink the run; the list reporter names it as flaky.
  retries: process.env.CI ? 1 : 0,
  // On CI's two cores, one worker: the app, the preview server and Chromium's own processes already use both, so
  // a second worker made the run no faster (measured: 2.5 min either way for validation-rules and quiz) and every
  // flow twice as slow, which is what pushed timing-sensitive flows past their limits. Locally, every core.
  workers: process.env.CI ? 1 : availableParallelism(),
  reporter: [
    ['list'],
    // Prints the XSS payload and fault-case counts, and the streaming delay, at the end of the run.
    ['./e2e/support/summaryReporter.ts'],
    ...(process.env.CI ? ([['html', { open: 'never' }]] as const) : []),
  ],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    // A trace only when a flow is retried after failing: recording one for every flow (DOM snapshots at each
    // step) made the run 40% slower (3.5 min against 2.5 min for validation-rules and quiz, measured).
    trace: 'on-first-retry',
    ...devices['Desktop Chrome'],
    ...(browser.channel ? { channel: browser.channel } : {}),
    launchOptions: {
      ...(browser.executablePath ? { executablePath: browser.executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // A microphone that plays a generated tone and never asks for permission, for the recording flows.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${fakeMicrophoneWav()}`,
      ],
    },
  },
  webServer: {
    // One build folder per port, so runs on different ports never overwrite each other's build;
    // its manifest feeds the size guard (e2e/size-guard.spec.ts).
    command: `npx vite build --logLevel warn --outDir .e2e-build/${PORT} --emptyOutDir --manifest && npx vite preview --outDir .e2e-build/${PORT} --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // The flows must run on the sample backend, whatever the developer's .env says.
    env: { VITE_STUDYFORGE_BACKEND_URL: '', VITE_STUDYFORGE_PUBLIC_KEY: '' },
  },
});
