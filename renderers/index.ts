import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ToolDeclaration } from '../src/engine/defineTool';
import type { RendererKey } from '../src/engine/renderers';
import type { PreviewBodyProps, ResultRendererProps } from '../src/engine/rendererProps';
import type { FieldWidgetProps, WidgetKey } from '../src/engine/widgets';

/* The keys registry files may name; declaring one here without a component below is a type error. */
declare module '../src/engine/renderers' {
  interface RendererKeys {
    quiz: true;
    flashcards: true;
    tabs: true;
    slides: true;
    sprints: true;
  }
}

declare module '../src/engine/widgets' {
  interface WidgetKeys {
    'audio-recorder': true;
    'speech-rehearsal': true;
  }
}

/*
 * The renderer map: one entry per key a registry file may name. Typed as a
 * Record over every declared key, so a key declared without a component here
 * (or the other way round) fails the type check. Each renderer loads with the
 * first result that needs it.
 */
export const rendererMap: Record<RendererKey, LazyExoticComponent<ComponentType<ResultRendererProps>>> = {
  markdown: lazy(() => import('./markdown/MarkdownResult')),
  structured: lazy(() => import('./structured/StructuredResult')),
  quiz: lazy(() => import('./quiz/QuizResult')),
  flashcards: lazy(() => import('./flashcards/Flashcards')),
  tabs: lazy(() => import('./tabs/VariantTabs')),
  slides: lazy(() => import('./slides/Slides')),
  sprints: lazy(() => import('./sprints/SprintTimeline')),
};

/** Field widgets, chosen by a field's `widget` key. */
export const widgetMap: Record<WidgetKey, LazyExoticComponent<ComponentType<FieldWidgetProps>>> = {
  'audio-recorder': lazy(() => import('./audio/AudioRecorder')),
  'speech-rehearsal': lazy(() => import('./rehearsal/SpeechRehearsal')),
};

/**
 * Bodies of the streaming preview (the answer as it is written, never a
 * result), by the kind of result. Loaded when a tool page opens rather than
 * through Suspense, so the first words show the moment they arrive.
 * Bespoke screens get none: their preview stays neutral until the whole
 * answer is validated (a quiz's preview would give its answers away).
 */
export type PreviewKind = 'markdown' | 'structured';
export const previewBodies: Record<PreviewKind, () => Promise<ComponentType<PreviewBodyProps>>> = {
  markdown: () => import('./preview/MarkdownPreview').then((m) => m.default),
  structured: () => import('./preview/StructuredPreview').then((m) => m.default),
};

export function previewKindFor(tool: ToolDeclaration): PreviewKind | null {
  const key = rendererKeyFor(tool);
  return key === 'markdown' || key === 'structured' ? key : null;
}

export function rendererKeyFor(tool: ToolDeclaration): RendererKey {
  return tool.renderer ?? (tool.result === 'markdown' ? 'markdown' : 'structured');
}
