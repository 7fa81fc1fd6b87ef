import type { ChangeRequest } from './changeRequests';
import type { OutputOptions } from './outputOptions';
import type { ReadingReport } from './answerWrappers';
import type { ToolResult } from '../../kernel/runTool';
import type { FormValues } from '../../kernel/fields';

/*
 * The versions of a tool's result: each answer Generate brings (a new one is
 * added, never put in place of the last: a teacher writing a comment per
 * student steps back through the class set), and one per
 * refinement, each with the chain of changes that led to it, what it was
 * written in and for whom, and its measured reading level. Stored with the
 * tool's session, validated on the way back like everything read from
 * storage (storedSession.ts): a version that no longer fits the tool's result
 * is dropped.
 */

export interface ResultVersion {
  result: ToolResult;
  /** New for every answer (even an identical one), so screens can tell a new result from a reloaded one. */
  id: string;
  /** The changes asked for, from the first answer to this version; empty for the first answer. */
  chain: ChangeRequest[];
  output: OutputOptions;
  reading: ReadingReport | null;
  /** A refinement the offline sample backend answered: its example again, as it cannot make changes. */
  sampleOnly: boolean;
  /** The inputs this version answers (a refinement keeps its base's); absent in versions stored before it was kept. */
  inputs?: FormValues;
}

/**
 * How many versions a session keeps: room for a class set of comments. Past
 * it the oldest refinement goes (answers from Generate stay), then the oldest
 * answer: a session is stored whole on every change, and local storage is small.
 */
export const MAX_VERSIONS = 40;

export function addVersion(versions: readonly ResultVersion[], version: ResultVersion): ResultVersion[] {
  const next = [...versions, version];
  if (next.length <= MAX_VERSIONS) return next;
  const refinement = next.findIndex((kept) => kept.chain.length > 0);
  const dropped = refinement >= 0 && refinement < next.length - 1 ? refinement : 0;
  return next.filter((_, index) => index !== dropped);
}

/** A session's fields that follow from which version is shown. */
export function showing(versions: ResultVersion[], shown: number): { versions: ResultVersion[]; shown: number; result: ToolResult | null; resultId: string | null } {
  const index = Math.min(Math.max(shown, 0), versions.length - 1);
  const version = versions[index];
  return { versions, shown: version ? index : 0, result: version?.result ?? null, resultId: version?.id ?? null };
}
