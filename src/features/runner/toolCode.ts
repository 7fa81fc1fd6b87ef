import type { Backend } from '../../kernel/backend/types';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { loadTool } from '../../kernel/catalogue';
import type { ToolDeclaration } from '../../kernel/defineTool';
import type { FormValues } from '../../kernel/fields';
import { formSchema } from '../../kernel/formSchema';
import { onDemand, type OnDemand } from '../../kernel/onDemand';
import { loadedTool, type LoadedTool } from '../../kernel/loadedTool';
import type { ToolForm } from '../../kernel/toolForm';
import { lazyComponent } from '../../ui/lazyComponent';
import { previewKindFor, rendererKeyFor } from '../../../renderers';
import { loadRefineLoader } from '../refine';
import { loadBackendHooks } from '../settings';
import { loadSessionCode } from './toolSessions';

/*
 * The one home of a tool page's code loading: what comes as the person
 * starts on the form (intent), what comes when Generate is pressed, and what
 * a request needs in hand to leave in the same task (ready). A first visit
 * that only looks loads none of it: this file itself comes on intent, with
 * the form's validation (zod), so a tool's form paints without zod.
 */

/** The form's validation: the resolver and the schema built from the fields. */
export function toolFormResolver(tool: Pick<ToolDeclaration, 'fields' | 'rules'>): Resolver<FormValues> {
  return zodResolver(formSchema(tool.fields, tool.rules)) as unknown as Resolver<FormValues>;
}

/**
 * The streamed answer's preview, loaded (with its body, for markdown marked and DOMPurify) on intent. Once here it
 * renders directly (lazyComponent): React.lazy would hold its reveal back on a timer.
 */
const previewCode = onDemand(() => import('./StreamingPreview'));
export const livePreview = lazyComponent(() => previewCode.load().then((m) => m.LivePreview));

/** The backends' code: a request resolves the settings' backend when it starts. */
const backends = onDemand(loadBackendHooks);

/** The result card (its Save, Copy and Export, the quiz's attempts): asked for on Generate with the quiz attempts and backends it uses, there when the answer is. */
export const loadResultCard = () =>
  Promise.all([import('./ResultCard'), quizAttempts(), backends.load(), loadRefineLoader()]).then(([card, { useQuizAttempts }, { useBackend }, { useRefineModule }]) =>
    card.resultCardWith({ useQuizAttempts, useBackend, useRefineModule }),
  );

/** The study entry comes with the card, not before: statically imported, its cards code would ride in every tool page's first load. */
const quizAttempts = () => import('../study').then(({ loadQuizAttempts }) => loadQuizAttempts());

const tools = new Map<string, OnDemand<LoadedTool>>();

/** A tool with its schemas and contracts computed once (the kernel's loadedTool), loaded once per id. */
export function openTool(id: string): Promise<LoadedTool> {
  let tool = tools.get(id);
  if (!tool) {
    // The renderer's contract comes with the tool (on intent), so the answer's one check reads the renderer's view
    // too; the contracts load from here, so a tool route's first paint names none of their files.
    const parts = () => Promise.all([loadTool(id), import('../../../renderers/contracts')]);
    tool = onDemand(() => parts().then(([declaration, { rendererContracts }]) => loadedTool(declaration, rendererContracts[rendererKeyFor(declaration)])));
    tools.set(id, tool);
  }
  return tool.load();
}

/** As the person starts on the form: the preview, validation, the backends, the session code and the tool. */
export function intent(form: ToolForm): Promise<LoadedTool> {
  const kind = previewKindFor(form);
  void livePreview.preload().then(() => kind && previewCode.current()?.preloadPreviewBody(kind), () => undefined);
  void backends.load().catch(() => undefined);
  void loadSessionCode().catch(() => undefined);
  return openTool(form.id);
}

/** On Generate: the refine bar (for a tool that refines) and the result card come while the answer does. */
export function onGenerate(form: ToolForm): void {
  void intent(form).catch(() => undefined);
  if (form.refines) void loadRefineLoader().then(({ loadRefine }) => loadRefine()).catch(() => undefined);
  void loadResultCard().catch(() => undefined);
}

export interface Ready {
  tool: ToolDeclaration;
  backend: Backend;
}

/** The tool and the backend, when both are here: the request then starts in this task, as it always did. */
export function ready(form: ToolForm, declared: ToolDeclaration | null): Ready | null {
  const tool = declared ?? tools.get(form.id)?.current()?.declaration;
  const code = backends.current();
  return tool && code ? { tool, backend: code.backendNow(form.id) } : null;
}

/** The tool and the backend, once loaded; rejects when either did not arrive (nothing was sent). */
export async function whenReady(form: ToolForm, declared: ToolDeclaration | null): Promise<Ready> {
  const [tool, backend] = await Promise.all([declared ?? openTool(form.id).then((t) => t.declaration), backends.load().then(({ backendNow }) => backendNow(form.id))]);
  return { tool, backend };
}
