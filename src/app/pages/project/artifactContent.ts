import type { Artifact } from '../../../features/projects';
import { MAX_ITEM_DEPTH, nestedDeeperThan, prettyJson } from '../../../kernel/resultText';

/** Spec 2: content as text, JSON pretty-printed when it is not a string (cut off where stored data nests too deep to show). */
export function artifactText(artifact: Artifact): string {
  return typeof artifact.data === 'string' ? artifact.data : prettyJson(artifact.data);
}

/** Imports refuse such data, but storage can hold it (another version, another tab): the page says so instead of failing. */
export function tooDeepToShow(artifact: Artifact): boolean {
  return typeof artifact.data === 'object' && nestedDeeperThan(artifact.data, MAX_ITEM_DEPTH);
}

export const tooDeepMessage = `This item is nested more than ${MAX_ITEM_DEPTH} levels deep, deeper than any StudyForge result, so it is cut off below. Delete it if you do not need it.`;
