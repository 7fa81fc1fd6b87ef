import type { z } from 'zod';

/*
 * A renderer's contract, stated once: what result it reads, which options it
 * takes and which follow-up calls it makes. The zod schemas serve three
 * checks from one statement:
 *   - the type checker, through `ContractTypes` merged into RendererKeys, so a
 *     registry file naming the renderer must declare a result and options that
 *     fit (defineTool quotes `reads` in the error);
 *   - the registry plugin, which parses each tool's example against the
 *     schemas while assembling (dev and build) and names the file;
 *   - the renderer itself, which is handed data already parsed by them.
 * Contracts hold zod only, so Node (the plugin) loads them without React.
 */

/** A call a renderer makes after the result (a quiz's remediation): the context it passes, the answer it reads. */
export interface FollowUpContract<Context extends string = string, Result extends z.ZodType = z.ZodType> {
  /** The keys of the context the renderer passes: the only placeholders the follow-up's prompt may use. */
  context: readonly Context[];
  result: Result;
}

export type FollowUpContracts = Readonly<Record<string, FollowUpContract>>;

export interface RendererContract<
  Reads extends string = string,
  Result extends z.ZodType = z.ZodType,
  Options extends z.ZodType = z.ZodType,
  FollowUps extends FollowUpContracts = FollowUpContracts,
> {
  /** What the renderer reads, in words an author can act on: quoted by the type error and the plugin. */
  reads: Reads;
  /** Markdown text, or a JSON result. */
  kind: 'text' | 'json';
  result: Result;
  /** The renderer's options (a registry file's `rendererOptions`); a strict object, so a typo is refused. */
  options: Options;
  followUps: FollowUps;
  /**
   * What a result valid for the tool but unreadable here shows: the generic
   * view (the default: nothing is lost), or spec 8's invalid-format error
   * where the generic view would be wrong (it would show a quiz's answers).
   */
  unreadable?: 'generic' | 'invalid-format';
}

/** States a contract, keeping its literal types for the registry's type check. */
export function rendererContract<
  const Reads extends string,
  Result extends z.ZodType,
  Options extends z.ZodType,
  const FollowUps extends FollowUpContracts = Record<never, never>,
>(
  contract: Omit<RendererContract<Reads, Result, Options, FollowUps>, 'followUps'> & { followUps?: FollowUps },
): RendererContract<Reads, Result, Options, FollowUps> {
  return { ...contract, followUps: contract.followUps ?? ({} as FollowUps) };
}

/** Options with no keys at all: any key a registry file writes is then a type error, not silently accepted. */
type NoOptions = Readonly<Record<string, never>>;
type OptionsInput<O extends z.ZodType> = [keyof z.input<O>] extends [never] ? NoOptions : z.input<O>;

/**
 * The types a registry file is checked against, derived from a contract. A
 * renderer module merges them into RendererKeys:
 *
 *   declare module '../src/kernel/renderers' {
 *     interface RendererKeys { quiz: ContractTypes<typeof quizContract> }
 *   }
 */
export interface ContractTypes<C extends RendererContract> {
  reads: C['reads'];
  /** What the renderer accepts (the input of its schema: defaults may fill the rest). */
  result: z.input<C['result']>;
  options: OptionsInput<C['options']>;
  followUps: { [K in keyof C['followUps']]: { context: C['followUps'][K]['context'][number]; result: z.input<C['followUps'][K]['result']> } };
}

/** What a renderer's component is handed: the result and options already parsed by its contract. */
export type ContractData<C extends RendererContract> = z.output<C['result']>;
export type ContractOptions<C extends RendererContract> = z.output<C['options']>;
export type FollowUpContext<C extends RendererContract, K extends keyof C['followUps']> = Readonly<
  Record<C['followUps'][K]['context'][number], string>
>;
export type FollowUpData<C extends RendererContract, K extends keyof C['followUps']> = z.output<C['followUps'][K]['result']>;
