import type { Artifact } from './schema';

/** The item in a project that holds this result, if it was saved there; none for a result without an id. */
export function savedResultIn(artifacts: readonly Artifact[], resultId: string | undefined): Artifact | undefined {
  return resultId === undefined ? undefined : artifacts.find((a) => a.resultId === resultId);
}
