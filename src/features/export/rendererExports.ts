import type { RendererExports } from './format';

/*
 * The formats and layouts a renderer adds (a quiz's GIFT and worksheet),
 * found through a lookup the renderers provide rather than one this feature
 * imports: the renderers' export files build on this feature's helpers, so
 * importing them from here would close an import cycle. The lookup is the
 * kernel's (src/kernel/rendererExports.ts), so the renderers' map, which
 * loads with every tool route, provides it without importing this feature;
 * renderers/index.ts provides it as it loads, which is before any result
 * (and so any Export menu) is shown.
 */
declare module '../../kernel/rendererExports' {
  interface RendererExportsTypes {
    exports: RendererExports;
  }
}

export { provideRendererExports, rendererExportsFor, type RendererExportsLookup } from '../../kernel/rendererExports';
