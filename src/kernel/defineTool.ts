import type { z } from 'zod';
import type { CrossFieldRule, Field, FieldValues } from './fields';
import type { BuiltinPlaceholder, PlaceholderNames } from './promptTemplate';
import type { AnyContractTypes, RendererKey, RendererKeys } from './renderers';
import type { ToolContracts } from './contractSchema';

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
/** A tool's answer once checked against its ResultSpec: text, or data that fits the schema. */
export type ToolResult = { kind: 'text'; text: string } | { kind: 'json'; data: unknown };
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

/**
 * What people type when they look for a tool by need rather than by name:
 * school subjects ('biology', 'history') and tasks ('revise',
 * 'homework', 'test'). Short lowercase words, optional for authors; the
 * sidebar search and the dashboard filter match them, and the registry plugin
 * refuses a bad list (searchTermChecks.ts). They are not part of ToolMeta: they
 * load in a search index of their own when someone starts searching, so the
 * first load does not grow with them.
 */
export interface ToolSearchTerms {
  /** School subjects the tool serves, e.g. ['biology', 'chemistry', 'science']. */
  subjects?: readonly string[];
  /** Needs and synonyms people type, e.g. ['test', 'exam', 'revise', 'quiz', 'practice']. */
  keywords?: readonly string[];
}

/** A second call a bespoke screen may make (for example a quiz's remediation). */
export interface FollowUpCall<R extends ResultSpec = ResultSpec> {
  /** Placeholders name the keys of the context the screen passes in. */
  prompt: string;
  result: R;
  example: ExampleOutputOf<R>;
}

/**
 * What features add to a tool declaration. Each feature declares its own
 * settings here by declaration merging, as the renderers add RendererKeys,
 * so the kernel names no feature while a registry file's wrong setting is
 * still a type error:
 *
 *   declare module '../../kernel/defineTool' {
 *     interface ToolExtensions { refine?: RefineSettings }
 *   }
 *
 * (features/refine/declaration.ts, features/export/declaration.ts). The
 * tsconfig includes every feature, so wherever a registry file is
 * type-checked these settings are known.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ToolExtensions {}

/** What a tool may compute from its inputs in the browser (word counts, say): any object of named values. */
export type DerivedValues = object;

export interface ToolDeclaration<
  F extends readonly Field[] = readonly Field[],
  R extends ResultSpec = ResultSpec,
  D extends DerivedValues = DerivedValues,
> extends ToolMeta, ToolSearchTerms, ToolExtensions {
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
  /** Settings for the renderer, typed and checked by its contract (e.g. how a quiz compares answers). */
  rendererOptions?: Readonly<Record<string, unknown>>;
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

/** The contract types of a renderer key (never without one). */
type RendererTypes<K> = K extends RendererKey ? (RendererKeys[K] extends AnyContractTypes ? RendererKeys[K] : never) : never;

/** With a renderer whose contract the result does not fit, `renderer` must also be an object carrying the error. */
type ResultFitCheck<K, R extends ResultSpec> = K extends RendererKey
  ? [ResultOf<R>] extends [RendererTypes<K>['result']]
    ? unknown
    : { [E in `Error: the '${K}' renderer reads ${RendererTypes<K>['reads']}; this tool's result does not fit. Change the result schema or the renderer`]: true }
  : unknown;

/** The follow-up calls a renderer makes (none without a bespoke renderer). */
type NeededFollowUps<K> = K extends RendererKey ? RendererTypes<K>['followUps'] : Record<never, never>;

type FollowUpFit<K extends string, N extends string, Need, Given> = Need extends { context: infer C extends string; result: infer Reads }
  ? Given extends { prompt: infer P extends string; result: infer R extends ResultSpec }
    ? ([ResultOf<R>] extends [Reads]
        ? unknown
        : { [E in `Error: the '${K}' renderer reads the answer of followUps.${N} differently; its result does not fit`]: true }) &
        ([Exclude<PlaceholderNames<P>, C>] extends [never]
          ? unknown
          : { [E in `Error: followUps.${N}'s prompt uses {{${Exclude<PlaceholderNames<P>, C>}}}, which the '${K}' renderer does not pass (it passes ${C})`]: true })
    : { [E in `Error: the '${K}' renderer calls followUps.${N}: declare it with a prompt, result and example`]: true }
  : unknown;

/** Every follow-up the renderer calls is declared, its prompt uses only the context passed, its result fits. */
type FollowUpsCheck<K, FU> = [keyof NeededFollowUps<K>] extends [never]
  ? { followUps?: FU }
  : {
      followUps: FU & {
        [N in keyof NeededFollowUps<K> & string]: FollowUpFit<K & string, N, NeededFollowUps<K>[N], N extends keyof FU ? FU[N] : undefined>;
      };
    };

/** The renderer part of a declaration: options typed by the renderer's contract, none without a renderer. */
type RendererPart<K, R extends ResultSpec, FU> = {
  renderer?: K & ResultFitCheck<K, R>;
  rendererOptions?: [K] extends [RendererKey] ? RendererTypes<K>['options'] : never;
} & FollowUpsCheck<K, FU>;

export function defineTool<
  const F extends readonly Field[],
  const P extends string,
  R extends ResultSpec,
  D extends DerivedValues = Record<never, never>,
  K extends RendererKey | undefined = undefined,
  const FU extends Readonly<Record<string, FollowUpCall>> = Record<never, never>,
>(
  declaration: Omit<ToolDeclaration<F, R, D>, 'renderer' | 'rendererOptions' | 'followUps'> & {
    prompt: P & PromptCheck<P, F, D>;
  } & RendererPart<K, R, FU>,
): ToolDeclaration<F, R, D> {
  return declaration as ToolDeclaration<F, R, D>;
}

/** A registry module as the engine loads it. */
export interface ToolModule {
  default: ToolDeclaration;
  /** The result schemas in the contract's vocabulary, added by the registry plugin when it builds the app. */
  contracts?: ToolContracts;
}
