import type { ContractTypes, RendererContract } from './rendererContract';

/**
 * Renderer keys a registry entry may name, each with its contract's types.
 * The renderers' contract module adds every key by declaration merging:
 *
 *   declare module '../src/kernel/renderers' {
 *     interface RendererKeys { tabs: ContractTypes<typeof tabsContract> }
 *   }
 *
 * so an unknown key, a result the renderer cannot read or a misspelt option
 * in a registry file is a type error, while the engine never imports a
 * renderer.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface RendererKeys {}

export type RendererKey = keyof RendererKeys;

/** The shape every entry of RendererKeys has. */
export type AnyContractTypes = ContractTypes<RendererContract>;
