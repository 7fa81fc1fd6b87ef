import type { RendererChoice } from './toolForm';

/*
 * Where a renderer's own export formats (a quiz's GIFT and worksheet) are
 * found. The renderers provide the lookup as they load; the export feature
 * asks it when an Export menu opens. It lives in the kernel so that neither
 * imports the other: the renderers' map loads with every tool route, and
 * importing the export feature's entry from there put the export menu, the
 * document model and its markdown parser in every tool route's first load.
 *
 * What a lookup returns is the export feature's type, added by declaration
 * merging (src/features/export/rendererExports.ts):
 *
 *   declare module '../../kernel/rendererExports' {
 *     interface RendererExportsTypes { exports: RendererExports }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface RendererExportsTypes {}

type ProvidedExports = RendererExportsTypes extends { exports: infer Exports } ? Exports : never;

export type RendererExportsLookup = (tool: RendererChoice) => Promise<ProvidedExports | undefined>;

let lookup: RendererExportsLookup = async () => undefined;

/** Called once by the renderers: how to load a tool's renderer's exports. */
export function provideRendererExports(provided: RendererExportsLookup): void {
  lookup = provided;
}

/** The exports of the tool's renderer, or undefined when it has none (or none were provided). */
export function rendererExportsFor(tool: RendererChoice): Promise<ProvidedExports | undefined> {
  return lookup(tool);
}
