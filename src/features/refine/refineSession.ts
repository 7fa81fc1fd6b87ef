import type { ChangeRequest } from './changeRequests';
import type { ReadingLevel } from './outputOptions';
import type { ResultVersion } from './resultVersions';

/*
 * What the refine and version bars read of a tool's session and do to it.
 * The runner keeps the sessions and hands both in, bound to one tool, so
 * refine needs nothing of the runner (which imports refine).
 */

/** The part of a tool's session the bars show. */
export interface RefineSession {
  status: 'idle' | 'loading' | 'refining';
  versions: readonly ResultVersion[];
  shown: number;
  level: ReadingLevel;
  refineError: string | null;
  /** The change on its way while refining. */
  pendingChange: ChangeRequest | null;
  /** A change a reload or a closed tab cut short, offered to run again. */
  interrupted: ChangeRequest | null;
}

/** The session's actions for one tool, with its backend already chosen. */
export interface RefineActions {
  /** A change to the version shown: a new version when it arrives. */
  refine(change: ChangeRequest): Promise<void>;
  /** Stops the change on its way. */
  cancel(): void;
  showVersion(index: number): void;
  setLevel(level: ReadingLevel): void;
  /** Forgets the change a reload cut short. */
  dismissInterrupted(): void;
}
