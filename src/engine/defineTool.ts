import type { z } from 'zod';
import type { CrossFieldRule, Field, FieldValues } from './fields';
import type { BuiltinPlaceholder, PlaceholderNames } from './promptTemplate';
import type { RendererKey } from './renderers';

/*
 * The one shape every registry file declares. Types flow from the fields: the
 * example input must have a value of the right type for every field, the
 * example output must fit the result schema, and a prompt placeholder that
 * names no field is a type error pointing at `prompt`.
 */

export type ToolRole = 'teacher';

export type ToolCategory =
  | 'Quizzes and practice'
  | 'Writing'
  | 'Notes and summaries'
  | 'Math and science'
  | 'Research and sources'
  | 'Study planning'
  | 'Presentations'
  | 'Data and code'
  | 'Thinking and discussion'
  | 'Career and future'
  | 'Teaching';

/** What a tool answers with: markdown text, or JSON fitting a zod schema. */
export type ResultSpec = 'markdown' | z.ZodType;

export type ResultOf<R extends ResultSpec> = R extends z.ZodType ? z.output<R> : string;
type ExampleOutputOf<R extends ResultSpec> = R extends z.ZodType ? z.input<R> : string;

/** The metadata the dashboard, the sidebar and the header need; nothing else loads up front. */
export interface ToolMeta {
  id: string;
  title: string;
  description: string;
  /** A Material Icons name, e.g. 'lightbulb'. */
  icon: string;
  role?: ToolRole;
  category: ToolCategory;
}

/** A second call a bespoke screen may make (for example a quiz's remediation). */
export interface FollowUpCall<R extends ResultSpec = ResultSpec> {
  /** Placeholders name the keys of the context the screen passes in. */
  prompt: string;
  result: R;
  example: ExampleOutputOf<R>;
}

/** What a tool may compute from its inputs in the browser (word counts, say): any object of named values. */
export type DerivedValues = object;

export interface ToolDeclaration<
  F extends readonly Field[] = readonly Field[],
  R extends ResultSpec = ResultSpec,
  D extends DerivedValues = DerivedValues,
> extends ToolMeta {
  fields: F;
  rules?: readonly CrossFieldRule<F[number]['name']>[];
  /**
   * Values computed in the browser from the (trimmed) inputs. Each is a
   * prompt placeholder, and a key of a structured result that the browser
   * supplies instead of the model: the model is asked only for the rest.
   */
  derive?(values: FieldValues<F>): D;
  prompt: string;
  result: R;
  /** Which screen shows the result; defaults to the generic one for the result kind. */
  renderer?: RendererKey;
  /** Settings for the renderer, which checks them itself (e.g. how a quiz compares answers). */
  rendererOptions?: Readonly<Record<string, string | number | boolean>>;
  /** Label of the generate button, when 'Generate' says too little. */
  actionLabel?: string;
  followUps?: Readonly<Record<string, FollowUpCall>>;
  example: {
    input: FieldValues<F>;
    output: ExampleOutputOf<R>;
  };
}

type UnknownPlaceholder<P extends string, F extends readonly Field[], D> = Exclude<
  PlaceholderNames<P>,
  F[number]['name'] | BuiltinPlaceholder | (keyof D & string)
>;

/**
 * With an unknown placeholder the prompt must also be an object carrying the
 * error as its key, which no string is: the type error quotes the message.
 */
type PromptCheck<P extends string, F extends readonly Field[], D> = [UnknownPlaceholder<P, F, D>] extends [never]
  ? unknown
  : { [K in `Error: {{${UnknownPlaceholder<P, F, D>}}} names no field of this tool`]: true };

export function defineTool<
  const F extends readonly Field[],
  const P extends string,
  R extends ResultSpec,
  D extends DerivedValues = Record<never, never>,
>(declaration: ToolDeclaration<F, R, D> & { prompt: P & PromptCheck<P, F, D> }): ToolDeclaration<F, R, D> {
  return declaration;
}

/** A registry module as the engine loads it. */
export interface ToolModule {
  default: ToolDeclaration;
}
