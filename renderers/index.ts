import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import type { RendererChoice } from '../src/kernel/toolForm';
import type { RendererKey } from '../src/kernel/renderers';
import type { PreviewBodyProps, ResultRendererProps } from '../src/kernel/rendererProps';
import type { WidgetKey } from '../src/kernel/widgets';
import type { FieldWidgetProps } from './widgetProps';
import { provideRendererExports } from '../src/kernel/rendererExports';
import type { RendererExports } from '../src/features/export';

/*
 * The keys registry files may name, each with its contract, are declared in
 * contracts.ts (not imported here: the contracts load with their renderers,
 * never with every tool route); a key there without a component below is a
 * type error.
 */
import type {} from './contracts';

declare module '../src/kernel/widgets' {
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

/**
 * Export formats that read one renderer's data, beside that
 * renderer; loaded when an Export menu opens. Formats any result of a kind
 * can use are the engine's (src/features/export/).
 */
export const rendererExports: Partial<Record<RendererKey, () => Promise<RendererExports>>> = {
  quiz: () => import('./quiz/exports').then((m) => m.quizExports),
  slides: () => import('./slides/exports').then((m) => m.slidesExports),
  sprints: () => import('./sprints/exports').then((m) => m.sprintsExports),
};

// The export feature finds a renderer's formats through this, not by importing the renderers (which import it).
provideRendererExports(async (tool) => rendererExports[rendererKeyFor(tool)]?.());

/** A saved result laid out without its tool's screen (the project page's fallback). */
export const PlainView = lazy(() => import('./plain/PlainView'));

type WidgetModule = { default: ComponentType<FieldWidgetProps> };

/** Field widgets' code, chosen by a field's `widget` key. */
const widgetLoaders: Record<WidgetKey, () => Promise<WidgetModule>> = {
  'audio-recorder': () => import('./audio/AudioRecorder'),
  'speech-rehearsal': () => import('./rehearsal/SpeechRehearsal'),
};

/** Field widgets, chosen by a field's `widget` key (for a widget not loaded yet: see loadedWidget). */
export const widgetMap = Object.fromEntries(
  Object.entries(widgetLoaders).map(([key, load]) => [key, lazy(load)]),
) as Record<WidgetKey, LazyExoticComponent<ComponentType<FieldWidgetProps>>>;

const loadedWidgets = new Map<WidgetKey, ComponentType<FieldWidgetProps>>();

/**
 * Loads the widgets a tool's fields name, before its form is shown. A widget
 * that arrived after the form would replace the field's control under a
 * person typing into it (Suspense swaps its fallback for the widget), taking
 * their focus and the rest of their typing with it.
 */
export async function preloadWidgets(tool: Pick<ToolDeclaration, 'fields'>): Promise<void> {
  const keys = [...new Set(tool.fields.flatMap((field) => (field.widget ? [field.widget] : [])))];
  await Promise.all(
    keys.map(async (key) => {
      if (!loadedWidgets.has(key)) loadedWidgets.set(key, (await widgetLoaders[key]()).default);
    }),
  );
}

/** A widget whose code is here already, to render without Suspense. */
export function loadedWidget(key: WidgetKey): ComponentType<FieldWidgetProps> | undefined {
  return loadedWidgets.get(key);
}

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

export function previewKindFor(tool: RendererChoice): PreviewKind | null {
  const key = rendererKeyFor(tool);
  return key === 'markdown' || key === 'structured' ? key : null;
}

/**
 * Renderers whose result is an activity that takes the page (a quiz, one
 * question at a time): while one is shown, the tool's form folds into a
 * one-line summary with "Edit inputs", so each step sits in view.
 */
const takesThePage: ReadonlySet<RendererKey> = new Set<RendererKey>(['quiz']);

export function formCollapsesUnder(tool: RendererChoice): boolean {
  return takesThePage.has(rendererKeyFor(tool));
}

/** A form's or a declaration's renderer: the one it names, else markdown's or the structured one's. */
export function rendererKeyFor(tool: RendererChoice): RendererKey {
  return tool.renderer ?? (tool.result === 'markdown' ? 'markdown' : 'structured');
}
