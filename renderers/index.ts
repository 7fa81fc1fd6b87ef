import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ToolDeclaration } from '../src/engine/defineTool';
import type { RendererKey } from '../src/engine/renderers';
import type { ResultRendererProps } from '../src/engine/rendererProps';
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

export function rendererKeyFor(tool: ToolDeclaration): RendererKey {
  return tool.renderer ?? (tool.result === 'markdown' ? 'markdown' : 'structured');
}
