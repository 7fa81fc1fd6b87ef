import type { FormValues } from '../../kernel/fields';
import type { ToolResult } from '../../kernel/runTool';
import type { ChangeRequest, ReadingLevel, ResultVersion } from '../refine';

/*
 * One tool's session as screens see it: its inputs, its result's versions, and
 * the state of the request in flight. Its own file so the code that reads a
 * stored session back (storedSession.ts) needs nothing of the store.
 */

/** 'loading': a first answer is on its way (no result shown); 'refining': a change to the shown version is. */
export type ToolStatus = 'idle' | 'loading' | 'refining';

export interface ToolSession {
  values: FormValues;
  /** The version shown (versions[shown]'s result), kept here so screens need not know about versions. */
  result: ToolResult | null;
  /** New for every generated result, so screens can tell a new result from a reloaded one. */
  resultId: string | null;
  /** Every version of the result, first answer first; empty when there is no result. */
  versions: ResultVersion[];
  /** Which version is on screen. */
  shown: number;
  /** The inputs the versions answer (the form may have changed since). */
  resultValues: FormValues | null;
  /** The reading level asked for in this tool ('' for none). */
  level: ReadingLevel;
  error: string | null;
  /** Why the last refinement failed; the version shown stays as it was. */
  refineError: string | null;
  status: ToolStatus;
  /** The answer's text received so far while loading (unvalidated); null when nothing has arrived or no request is running. */
  partial: string | null;
  /** A short note about how the last request ended when it ended without result or error ('Cancelled.'). */
  notice: string | null;
  /** The change on its way while refining (stored, so a reload can say it did not finish); null otherwise. */
  pendingChange: ChangeRequest | null;
  /** A change that was on its way when the page was reloaded or closed: offered to run again until done or dismissed. */
  interrupted: ChangeRequest | null;
}
