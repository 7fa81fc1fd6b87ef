import type { ContractSchema } from './contractSchema';
import type { ToolDeclaration, ToolResult } from './defineTool';
import type { FormValues } from './fields';

/**
 * What features hand every renderer besides the result, each declared by
 * the feature that provides it, by declaration merging (as RendererKeys):
 *
 *   declare module '../../kernel/rendererProps' {
 *     interface RendererServices { recordAttempt?(finished: FinishedQuiz): void }
 *   }
 *
 * (features/study/declaration.ts), so the kernel names no feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface RendererServices {}

/** What every result renderer receives, generic or bespoke. */
export interface ResultRendererProps extends RendererServices {
  tool: ToolDeclaration;
  result: ToolResult;
  /** Changes with every generated result (even an identical one) and survives a reload. */
  resultId: string;
  /** The result's schema in the contract's vocabulary (absent for markdown). */
  schema?: ContractSchema;
  /** The inputs the form holds. */
  values: FormValues;
  /** The language the result is written in (a BCP 47 code): typed answers are compared in it. */
  language: string;
  /**
   * Where an interactive screen keeps its progress across reloads (a quiz's
   * answers so far), tagged with resultId. Absent, one slot per tool: the
   * tool page's. The project page passes its own, so taking a saved quiz
   * there never overwrites one in progress on the tool page.
   */
  progressKey?: string;
  /** Makes one of the tool's declared follow-up calls (a quiz's remediation, say). */
  runFollowUp(key: string, context: Record<string, string>, signal?: AbortSignal): Promise<ToolResult>;
  /** Clears the result, back to the form alone. */
  reset(): void;
}

/**
 * What a streaming preview's body receives: the answer's text so far,
 * unvalidated. It is shown as a preview only, never handed to a result renderer.
 */
export interface PreviewBodyProps {
  text: string;
  /** The result's schema in the contract's vocabulary (absent for markdown). */
  schema?: ContractSchema;
}
