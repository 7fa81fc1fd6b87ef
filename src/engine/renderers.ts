/**
 * Renderer keys a registry entry may name. Each renderer module adds its key
 * by declaration merging:
 *
 *   declare module '../src/engine/renderers' {
 *     interface RendererKeys { tabs: true }
 *   }
 *
 * so an unknown key in a registry file is a type error, while the engine never
 * imports a renderer.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface RendererKeys {
  markdown: true;
  structured: true;
}

export type RendererKey = keyof RendererKeys;
