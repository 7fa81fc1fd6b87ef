import type { RendererChoice } from '../../kernel/toolForm';
import type { RendererExports } from './format';

/*
 * The formats and layouts a renderer adds (a quiz's GIFT and worksheet),
 * found through a lookup the renderers provide rather than one this feature
 * imports: the renderers' export files build on this feature's helpers, so
 * importing them from here would close an import cycle. renderers/index.ts
 * provides the lookup as it loads, which is before any result (and so any
 * Export menu) is shown.
 */

export type RendererExportsLookup = (tool: RendererChoice) => Promise<RendererExports | undefined>;

let lookup: RendererExportsLookup = async () => undefined;

/** Called once by the renderers: how to load a tool's renderer's exports. */
export function provideRendererExports(provided: RendererExportsLookup): void {
  lookup = provided;
}

/** The exports of the tool's renderer, or undefined when it has none (or none were provided). */
export function rendererExportsFor(tool: RendererChoice): Promise<RendererExports | undefined> {
  return lookup(tool);
}
