import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { registryPlugin } from './tooling/registryPlugin.ts';

export default defineConfig({
  // Relative asset URLs: the app uses hash routes, so it can be served from any folder.
  base: './',
  plugins: [
    react(),
    registryPlugin({
      registryDir: 'registry',
      // Only the benchmark sets this, to measure the cost of hundreds of extra tools.
      extraRegistryDirs: process.env.STUDYFORGE_EXTRA_REGISTRY ? [process.env.STUDYFORGE_EXTRA_REGISTRY] : [],
      uiIconsModule: 'src/app/uiIcons.ts',
    }),
  ],
  build: { target: 'es2022' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tooling/**/*.test.ts', 'server/**/*.test.ts', 'renderers/**/*.test.{ts,tsx}', 'registry/shared/**/*.test.ts'],
    environment: 'node',
  },
});
