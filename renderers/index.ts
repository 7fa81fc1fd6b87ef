import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ToolDeclaration } from '../src/engine/defineTool';
import type { RendererKey } from '../src/engine/renderers';
import type { ResultRendererProps } from '../src/engine/rendererProps';

/*
 * The renderer map: one entry per key a registry file may name. Typed as a
 * Record over every declared key, so a key declared without a component here
 * (or the other way round) fails the type check. Each renderer loads with the
 * first result that needs it.
 */
export const rendererMap: Record<RendererKey, LazyExoticComponent<ComponentType<ResultRendererProps>>> = {
  markdown: lazy(() => import('./markdown/MarkdownResult')),
  structured: lazy(() => import('./structured/StructuredResult')),
};

export function rendererKeyFor(tool: ToolDeclaration): RendererKey {
  return tool.renderer ?? (tool.result === 'markdown' ? 'markdown' : 'structured');
}
