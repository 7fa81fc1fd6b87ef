import type { ViteDevServer } from 'vite';

/** Drops a virtual module from every environment's module graph, so the dev server generates it again on its next import. */
export function invalidateVirtualModule(server: ViteDevServer, resolvedId: string): void {
  for (const environment of Object.values(server.environments)) {
    const module = environment.moduleGraph.getModuleById(resolvedId);
    if (module) environment.moduleGraph.invalidateModule(module);
  }
}
