import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appPageHeaders } from './server/contentSecurityPolicy.ts';
import { cspPlugin } from './tooling/cspPlugin.ts';
import { ocrDataPlugin } from './tooling/ocrDataPlugin.ts';
import { registryPlugin } from './tooling/registryPlugin.ts';
import { storedReadersPlugin } from './tooling/storedReadersPlugin.ts';
import { zodJsonSchemaPlugin } from './tooling/zodJsonSchemaPlugin.ts';

export default defineConfig({
  // Relative asset URLs: the app uses hash routes, so it can be served from any folder.
  base: './',
  plugins: [
    react(),
    registryPlugin({
      registryDir: 'registry',
      // Only the benchmark sets this, to measure the cost of hundreds of extra tools.
      extraRegistryDirs: process.env.STUDYFORGE_EXTRA_REGISTRY ? [process.env.STUDYFORGE_EXTRA_REGISTRY] : [],
      uiIconsModule: 'src/ui/uiIcons.ts',
    }),
    // The first load's stored values checked by code compiled from their schemas, without zod (tooling/storedReadersPlugin.ts).
    storedReadersPlugin(),
    // The Content-Security-Policy as a meta element in the built index.html (server/contentSecurityPolicy.ts).
    cspPlugin(),
    // Text recognition's English data at the fixed path its worker asks for (tooling/ocrDataPlugin.ts).
    ocrDataPlugin(),
    // zod's JSON Schema generator left out of the browser: schemas are converted at build time (tooling/zodJsonSchemaPlugin.ts).
    zodJsonSchemaPlugin(),
  ],
  build: {
    target: 'es2022',
    // Every browser the app supports but Safari 16 preloads modules itself; there the modules still load, a
    // moment later, so the polyfill (0.2 KB gzipped on every route's first load) is left out.
    modulePreload: { polyfill: false },
    // Everything the first paint loads goes in one chunk. Without this the bundler splits each module the entry
    // shares with a page loaded later (React, the catalogue, storage, routes, messages...) into a chunk of its own:
    // ten requests instead of one, and each chunk's gzip frame and import/export names cost about 3 KB gzipped on
    // every route. Pages loaded later import those modules from the entry chunk, which is always loaded first.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } } },
  },
  server: { host: '127.0.0.1', port: 5173 },
  // `vite preview` serves the build as our gateway does: with the policy as a header too (frame-ancestors needs one).
  preview: { host: '127.0.0.1', port: 4173, headers: appPageHeaders() },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tooling/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'renderers/**/*.test.{ts,tsx}', 'registry/shared/**/*.test.ts'],
    environment: 'node',
    // No unit test asserts speed (speed lives in npm run bench), so the limit only catches a hang: vitest's 5 s
    // default failed heavy corpus tests on a loaded 2-core CI (the QTI export's XSS corpus: 2-3 s alone, past 5 s there).
    testTimeout: 30_000,
    // Fails the run if a test leaves a process running (server/testing/leftoverProcesses.ts).
    globalSetup: ['server/testing/vitestNoLeftovers.ts'],
  },
});
