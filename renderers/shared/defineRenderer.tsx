import { useCallback, useMemo, type ComponentType } from 'react';
import { InvalidAnswerError, messages } from '../../src/kernel/messages';
import type {
  ContractData,
  ContractOptions,
  FollowUpContext,
  FollowUpData,
  RendererContract,
} from '../../src/kernel/rendererContract';
import type { ResultRendererProps } from '../../src/kernel/rendererProps';
import type { ToolResult } from '../../src/kernel/runTool';
import { rendererViewOf } from '../../src/kernel/rendererView';
import { ErrorBox } from '../../src/ui/ErrorBox';
import { StructuredView } from '../structured/StructuredView';

/** A follow-up call as its contract types it: the context it passes, the answer already parsed. */
export type TypedFollowUp<C extends RendererContract> = <K extends keyof C['followUps'] & string>(
  key: K,
  context: FollowUpContext<C, K>,
  signal?: AbortSignal,
) => Promise<FollowUpData<C, K>>;

/** What a renderer's own component receives: its contract's data and options, parsed, typed. */
export interface ContractRendererProps<C extends RendererContract> extends Omit<ResultRendererProps, 'runFollowUp'> {
  data: ContractData<C>;
  options: ContractOptions<C>;
  runFollowUp: TypedFollowUp<C>;
}

function answerOf(result: ToolResult): unknown {
  return result.kind === 'text' ? result.text : result.data;
}

/**
 * A renderer from its contract and its view. The app hands every renderer the
 * same untyped props; this parses the result and the tool's options with the
 * contract once (or reads what the answer's check parsed), so the view reads typed data and never re-checks it, and a
 * follow-up's answer reaches it parsed too (or fails with spec 8's
 * invalid-format message). The registry plugin has already refused a tool
 * whose example does not fit; a stored or model answer that fits the tool's
 * schema but not the renderer's is shown the generic way, losing nothing.
 */
export function defineRenderer<C extends RendererContract>(
  contract: C,
  View: ComponentType<ContractRendererProps<C>>,
): ComponentType<ResultRendererProps> {
  function ContractedRenderer(props: ResultRendererProps) {
    const { result, tool, runFollowUp } = props;
    // The answer's check read it by this contract already (a miss, such as a restored saved item, parses here).
    const data = useMemo(() => rendererViewOf(contract.result, result), [result]);
    const options = useMemo(() => contract.options.safeParse(tool.rendererOptions ?? {}), [tool]);
    const typedFollowUp = useCallback<TypedFollowUp<C>>(
      async (key, context, signal) => {
        const follow = contract.followUps[key];
        if (!follow) throw new Error(`The renderer's contract declares no follow-up "${key}".`);
        const parsed = follow.result.safeParse(answerOf(await runFollowUp(key, context, signal)));
        if (!parsed.success) throw new InvalidAnswerError('it did not fit what the screen reads');
        return parsed.data as FollowUpData<C, typeof key>;
      },
      [runFollowUp],
    );
    if (!options.success || (!data.success && contract.unreadable === 'invalid-format')) {
      console.warn(`[renderer for ${tool.id}] the result or rendererOptions do not fit the renderer's contract`, (options.error ?? data.error)?.issues);
      return <ErrorBox message={messages.invalidFormat} />;
    }
    if (!data.success) {
      // Valid for the tool but not what this screen reads: still shown, the generic way, so nothing is lost.
      console.warn(`[renderer for ${tool.id}] the result does not fit the renderer's contract`, data.error.issues);
      return <StructuredView data={answerOf(result)} schema={props.schema} />;
    }
    return <View {...props} data={data.data as ContractData<C>} options={options.data as ContractOptions<C>} runFollowUp={typedFollowUp} />;
  }
  ContractedRenderer.displayName = `Contracted(${View.displayName ?? View.name})`;
  return ContractedRenderer;
}
