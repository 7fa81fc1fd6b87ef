/*
 * The house's import rules, checked on every `npm test` (`npm run lint:imports`);
 * docs/architecture.md draws the picture they keep true. Each rule's comment is
 * what a violation prints: the rule, and the fix. Tests are held to their
 * folder's rule like any other file.
 *
 * The house: a tool kernel (src/kernel) that knows no feature; the providers
 * (src/providers) shared by the gateway and the browser; one folder per feature
 * (src/features/<name>) that plugs into the kernel through its extension points;
 * shared UI primitives (src/ui); the app (src/app) that composes them into screens.
 */

const folders = {
  registry: '^registry/',
  kernel: '^src/kernel/',
  providers: '^src/providers/',
  features: '^src/features/',
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
const uiFrameworks = npm('react', 'react-dom', 'zustand', 'wouter', 'react-hook-form', '@hookform/[^/]+', '@testing-library/react');
/* A feature's public entries: index.ts for the browser, checks.ts for the build's registry checks. */
const featureEntry = '^src/features/[^/]+/(index|checks)[.]tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycle, type imports included: a cycle means neither file can be understood, tested or loaded without the other. ' +
        'Fix: move what both need into a third file they both import, or turn the back edge into an extension point (a registry the lower file owns).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-imports-no-feature',
      comment:
        'src/kernel/ knows no feature, app screen, renderer or tool file: features plug into it, never the other way. ' +
        'Fix: declare an extension point in the kernel (a type features augment, or a list features register into) and move the feature code into its folder.',
      severity: 'error',
      from: { path: folders.kernel },
      to: { path: any('features', 'app', 'ui', 'renderers', 'registry', 'tooling', 'server', 'supabase', 'e2e') },
    },
    {
      name: 'kernel-is-framework-free',
      comment:
        'src/kernel/ is framework-free: no react, react-dom, zustand, wouter, react-hook-form, not even a type. ' +
        'Fix: put hooks, stores and screens in the feature that owns them, and give the kernel plain functions and types.',
      severity: 'error',
      from: { path: folders.kernel },
      to: { path: uiFrameworks },
    },
    {
      name: 'providers-import-nothing-of-the-app',
      comment:
        'src/providers/ (Gemini, OpenAI-compatible, Ollama, transcription, and the schema vocabulary they take) is the bottom room, shared by the gateway and the browser: ' +
        'it imports nothing else of the repository, not even the kernel, which builds on it. ' +
        'Fix: keep provider code free of the kernel, features, screens and the server; pass what it needs as arguments, or move a shared wire type into src/providers.',
      severity: 'error',
      from: { path: folders.providers },
      to: { path: any('kernel', 'features', 'app', 'ui', 'renderers', 'registry', 'tooling', 'server', 'supabase', 'e2e') },
    },
    {
      name: 'feature-imports-other-features-through-their-entry',
      comment:
        "A feature may use another feature only through that feature's public entry (src/features/<name>/index.ts, or checks.ts for the build). " +
        'Fix: export what you need from its index.ts (a lazy loader for heavy code), or move the code to the kernel if every feature needs it.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: folders.features, pathNot: ['^src/features/$1/', featureEntry] },
    },
    {
      name: 'others-import-features-through-their-entry',
      comment:
        "The app and the renderers use a feature only through its public entry (src/features/<name>/index.ts). " +
        'Fix: export what you need from that index.ts (a lazy loader for code that should load on demand).',
      severity: 'error',
      // One named exception, with its reason in the file: the Settings page loads the privacy feature's Names
      // panel from its file, because reaching the privacy entry from Settings makes the bundler split every
      // tool page's shared code into more chunks (about 0.8 KB more on each tool route).
      from: { path: any('app', 'renderers', 'ui'), pathNot: '^src/app/pages/settings/namesSettings[.]ts$' },
      to: { path: folders.features, pathNot: featureEntry },
    },
    {
      name: 'features-import-no-app',
      comment:
        'A feature does not import the app (src/app), a tool file (registry/), tooling, the server or e2e. ' +
        'Fix: the app composes features; pass what a feature needs as props or register it through the screen table.',
      severity: 'error',
      from: { path: folders.features },
      to: { path: any('app', 'registry', 'tooling', 'server', 'supabase', 'e2e') },
    },
    {
      name: 'ui-imports-kernel-only',
      comment:
        'src/ui/ (shared UI primitives) may import the kernel, not a feature, the app, renderers, registry, tooling, server or e2e. ' +
        'Fix: pass what the primitive needs as props, or move the code that needs a feature into that feature.',
      severity: 'error',
      from: { path: folders.ui },
      to: { path: any('features', 'app', 'renderers', 'registry', 'tooling', 'server', 'supabase', 'e2e') },
    },
    {
      name: 'registry-imports-kernel-only',
      comment:
        'registry/ may import only the kernel (src/kernel), registry/shared/ and zod: a registry file is data the plugin evaluates in Node. ' +
        'Fix: declare it in the kernel (a type, a helper) or registry/shared/; never import a feature, the app, a renderer or another tool file.',
      severity: 'error',
      from: { path: folders.registry, pathNot: '[.]test[.]ts$' },
      to: { pathNot: [folders.kernel, '^registry/shared/', npm('zod')] },
    },
    {
      name: 'registry-tests-import-kernel-only',
      comment:
        'registry/ tests may import only the kernel, registry/shared/, zod and vitest. Fix: test through what registry/shared/ exports.',
      severity: 'error',
      from: { path: `(${folders.registry}).*[.]test[.]ts$` },
      to: { pathNot: [folders.kernel, '^registry/shared/', npm('zod', 'vitest')] },
    },
    {
      name: 'renderers-import-no-app',
      comment:
        'renderers/ (their tests too) may import the kernel, features (through their entries) and src/ui, not src/app, registry, tooling, server or e2e. ' +
        'Fix: take the tool as props (RendererProps) instead of importing a registry file; a test declares its own small tool with defineTool.',
      severity: 'error',
      from: { path: folders.renderers },
      to: { path: any('app', 'registry', 'tooling', 'server', 'supabase', 'e2e') },
    },
    {
      name: 'server-imports-kernel-and-providers-only',
      comment:
        'server/ (its tests too) may import the kernel, the providers and server/, not a feature, the app, src/ui, renderers, registry, tooling, supabase or e2e; ' +
        "only server/classes/serverTools.ts reads a tool's registry file, as a class's assignment is prompted on the server. " +
        'Fix: move what both need into server/ (test helpers into server/testing/), src/kernel or src/providers.',
      severity: 'error',
      from: { path: folders.server, pathNot: '^server/classes/serverTools[.]ts$' },
      to: { path: any('features', 'app', 'ui', 'renderers', 'registry', 'tooling', 'supabase', 'e2e') },
    },
    {
      name: 'server-tools-read-the-registry-only',
      comment:
        "server/classes/serverTools.ts may read registry/ (a tool's data file) besides the kernel, providers and server/, nothing of the app. " +
        'Fix: keep screens and features out of the server; a tool file imports only the kernel.',
      severity: 'error',
      from: { path: '^server/classes/serverTools[.]ts$' },
      to: { path: any('features', 'app', 'ui', 'renderers', 'tooling', 'supabase', 'e2e') },
    },
    {
      name: 'supabase-imports-server-kernel-and-providers-only',
      comment:
        'supabase/ may import server/, the kernel and the providers only. Fix: import the gateway from server/ (server/app.ts), not the app.',
      severity: 'error',
      from: { path: folders.supabase },
      to: { path: any('features', 'app', 'ui', 'renderers', 'registry', 'tooling', 'e2e') },
    },
    {
      name: 'tooling-does-not-lean-on-e2e',
      comment:
        'tooling/ (build plugins, checks, bench) does not import e2e/: the flows use tooling, not the reverse. ' +
        'Fix: move what both need into tooling/ (or a feature), and let e2e import it.',
      severity: 'error',
      from: { path: folders.tooling },
      to: { path: folders.e2e },
    },
    // tooling/ and e2e/ may import everything else; src/app/ may import every feature's entry.
  ],
  options: {
    exclude: { path: '^([.]e2e-build|test-results|dist)/' },
    doNotFollow: { path: '^node_modules/' },
    moduleSystems: ['es6', 'cjs'],
    // Babel strips the types, keeping type-only imports (see the file), so type cycles count too.
    babelConfig: { fileName: 'tooling/importBoundaries.babel.cjs' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.d.ts'],
    },
  },
};
