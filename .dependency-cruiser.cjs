/*
 * The import boundaries of docs/architecture.md's folder table, checked on
 * every `npm test` (`npm run lint:imports`). Each rule is one row of that
 * table; its comment is what a violation prints: the rule, and the fix.
 * Test files are held to their folder's rule like any other file.
 */

const folders = {
  registry: '^registry/',
  engine: '^src/engine/',
  state: '^src/state/',
  ui: '^src/ui/',
  app: '^src/app/|^src/main[.]tsx$',
  renderers: '^renderers/',
  server: '^server/',
  supabase: '^supabase/',
  tooling: '^tooling/',
  e2e: '^e2e/',
};
const any = (...names) => names.map((name) => folders[name]).join('|');
const npm = (...packages) => `^node_modules/(${packages.join('|')})/`;

module.exports = {
  forbidden: [
    {
      name: 'registry-imports-engine-only',
      comment:
        'registry/ may import only the engine (src/engine), registry/shared/ and zod: a registry file is data the plugin evaluates in Node. ' +
        'Fix: declare it in src/engine (a type, a helper) or registry/shared/; never import the app, a renderer, the UI or another tool file.',
      severity: 'error',
      from: { path: folders.registry, pathNot: '[.]test[.]ts$' },
      to: { pathNot: [folders.engine, '^registry/shared/', npm('zod')] },
    },
    {
      name: 'registry-tests-import-engine-only',
      comment:
        'registry/ tests may import only the engine, registry/shared/, zod and vitest. Fix: test through what registry/shared/ exports.',
      severity: 'error',
      from: { path: `(${folders.registry}).*[.]test[.]ts$` },
      to: { pathNot: [folders.engine, '^registry/shared/', npm('zod', 'vitest')] },
    },
    {
      name: 'engine-imports-nothing-of-the-app',
      comment:
        'src/engine/ imports nothing of the app (src/app, src/ui, src/state, renderers, registry, tooling, server, supabase, e2e). ' +
        'Fix: move what the engine needs into src/engine, or the code that needs the app out of the engine (stores and hooks go to src/state/).',
      severity: 'error',
      from: { path: folders.engine },
      to: { path: any('app', 'ui', 'state', 'renderers', 'registry', 'tooling', 'server', 'supabase', 'e2e') },
    },
    {
      name: 'engine-imports-no-ui-framework',
      comment:
        'src/engine/ is framework-free: no react, react-dom, zustand, wouter, react-hook-form, not even a type. ' +
        'Fix: put React hooks and zustand stores in src/state/ (or the screen in src/app/), and give the engine plain functions and types they call.',
      severity: 'error',
      from: { path: folders.engine },
      to: { path: npm('react', 'react-dom', 'zustand', 'wouter', 'react-hook-form', '@hookform/[^/]+', '@testing-library/react') },
    },
    {
      name: 'state-imports-engine-only',
      comment:
        'src/state/ (stores and hooks) may import the engine, zustand and react, not the app, UI, renderers, registry, tooling, server or e2e. ' +
        'Fix: move what it needs into src/engine or src/state, or the code that needs the app into src/app.',
      severity: 'error',
      from: { path: folders.state },
      to: { path: any('app', 'ui', 'renderers', 'registry', 'tooling', 'server', 'supabase', 'e2e') },
    },
    {
      name: 'ui-imports-engine-and-state-only',
      comment:
        'src/ui/ (shared UI primitives) may import the engine and src/state, not the app, renderers, registry, tooling, server or e2e. ' +
        'Fix: pass what the primitive needs as props, or move the code that needs the app into src/app.',
      severity: 'error',
      from: { path: folders.ui },
      to: { path: any('app', 'renderers', 'registry', 'tooling', 'server', 'supabase', 'e2e') },
    },
    {
      name: 'renderers-import-engine-state-ui-only',
      comment:
        'renderers/ (their tests too) may import the engine, src/state and src/ui, not src/app, registry, tooling, server or e2e. ' +
        'Fix: take the tool as props (RendererProps) instead of importing a registry file; a test declares its own small tool with defineTool.',
      severity: 'error',
      from: { path: folders.renderers },
      to: { path: any('app', 'registry', 'tooling', 'server', 'supabase', 'e2e') },
    },
    {
      name: 'server-imports-engine-only',
      comment:
        'server/ (its tests too) may import the engine and server/, not the app, src/state, src/ui, renderers, registry, tooling, supabase or e2e. ' +
        'Fix: move what both need into server/ (test helpers into server/testing/) or src/engine.',
      severity: 'error',
      from: { path: folders.server },
      to: { path: any('app', 'state', 'ui', 'renderers', 'registry', 'tooling', 'supabase', 'e2e') },
    },
    {
      name: 'supabase-imports-server-and-engine-only',
      comment:
        'supabase/ may import server/ and the engine only. Fix: import the gateway from server/ (server/app.ts), not the app.',
      severity: 'error',
      from: { path: folders.supabase },
      to: { path: any('app', 'state', 'ui', 'renderers', 'registry', 'tooling', 'e2e') },
    },
    // tooling/, e2e/ and src/app/ may import everything.
  ],
  options: {
    exclude: { path: '^([.]e2e-build|test-results|dist)/' },
    doNotFollow: { path: '^node_modules/' },
    moduleSystems: ['es6', 'cjs'],
    // Babel strips the types, keeping type-only imports (see the file).
    babelConfig: { fileName: 'tooling/importBoundaries.babel.cjs' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.d.ts'],
    },
  },
};
