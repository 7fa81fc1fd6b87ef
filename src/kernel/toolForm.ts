import type { ResultSpec, ToolDeclaration, ToolModule } from './defineTool';
import type { CrossFieldRule, Field, FormValues } from './fields';
import type { RendererKey } from './renderers';

/*
 * What a tool's page paints from before its declaration loads:
 * the form's fields and rules, the button's label, and which renderer shows
 * the answer. Plain data, written at build time by the registry plugin from
 * the registry file (`virtual:studyforge/tool-form/<id>`), so a tool route's
 * first load carries neither the prompt and examples nor the result schemas
 * and zod. The declaration loads as the person starts on the form, when a
 * session is stored, or on Generate.
 */
export interface ToolForm {
  id: string;
  fields: readonly Field[];
  rules?: readonly CrossFieldRule[];
  actionLabel?: string;
  renderer?: RendererKey;
  /** The answer's kind: markdown, or structured (checked against the declaration's schema). */
  result: 'markdown' | 'structured';
  /** Whether the answer can be refined (the refine bar's code is fetched with the answer). */
  refines: boolean;
  /** The example's inputs, for a tool whose field widget offers them (the audio recorder's sample recording). */
  exampleInput?: Readonly<FormValues>;
}

/** A tool's form data, from its declaration: the registry plugin writes this at build time; tests use it too. */
export function toolFormOf(tool: ToolDeclaration): ToolForm {
  const form: ToolForm = {
    id: tool.id,
    fields: tool.fields,
    result: tool.result === 'markdown' ? 'markdown' : 'structured',
    refines: tool.refine !== false,
  };
  if (tool.rules?.length) form.rules = tool.rules;
  if (tool.actionLabel !== undefined) form.actionLabel = tool.actionLabel;
  if (tool.renderer !== undefined) form.renderer = tool.renderer;
  if (tool.fields.some((field) => field.widget !== undefined)) form.exampleInput = tool.example.input as FormValues;
  return form;
}

/** Whether this is the whole declaration, not just its form. */
export function isDeclaration(tool: ToolForm | ToolDeclaration): tool is ToolDeclaration {
  return 'prompt' in tool;
}

/** What decides a tool's renderer: a form or a declaration. */
export type RendererChoice = { renderer?: RendererKey; result: ResultSpec | ToolForm['result'] };

/** What `virtual:studyforge/tool-form/<id>` exports: the form, and the import of the whole declaration. */
export interface ToolFormModule {
  form: ToolForm;
  loadDeclaration(): Promise<ToolModule>;
}
