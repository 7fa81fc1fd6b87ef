import { UserFacingError } from '../../kernel/messages';
import { MAX_ITEM_DEPTH, nestedDeeperThan } from '../../kernel/resultText';
import { ALL_PROJECTS_EXPORT_FORMAT, ALL_PROJECTS_EXPORT_VERSION, projectExport, type ProjectExport, type StudyExport } from './projectFile';
import type { Artifact, Project } from './schema';

/* Every project in one file: what Settings offers to keep before deleting everything, and import reads back. */

export interface AllProjectsExport {
  format: typeof ALL_PROJECTS_EXPORT_FORMAT;
  version: typeof ALL_PROJECTS_EXPORT_VERSION;
  exportedAt: string;
  /** One project export each (format 'studyforge-project'), newest first as the Projects page lists them. */
  projects: ProjectExport[];
  /** The tools pinned with a star, in the order pinned; absent when none are. Older readers ignore it. */
  favourites?: string[];
}

export interface ProjectToExport {
  project: Project;
  artifacts: readonly Artifact[];
  /** The project's study data, when it has any. */
  study?: StudyExport;
}

/**
 * The file's text. Throws a UserFacingError when an item is nested too deep
 * to write (JSON.stringify would overflow the stack, and no import could read it back).
 */
export function allProjectsExportJson(
  projects: readonly ProjectToExport[],
  exportedAt: string = new Date().toISOString(),
  favourites: readonly string[] = [],
): string {
  const tooDeep = projects.find(({ artifacts }) => artifacts.some((a) => typeof a.data === 'object' && nestedDeeperThan(a.data, MAX_ITEM_DEPTH)));
  if (tooDeep) {
    throw new UserFacingError(
      `Could not export: a saved item in "${tooDeep.project.name}" is nested more than ${MAX_ITEM_DEPTH} levels deep. Delete it first, or export that project as Markdown from its page.`,
    );
  }
  const file: AllProjectsExport = {
    format: ALL_PROJECTS_EXPORT_FORMAT,
    version: ALL_PROJECTS_EXPORT_VERSION,
    exportedAt,
    projects: projects.map(({ project, artifacts, study }) => projectExport(project, artifacts, exportedAt, study)),
    ...(favourites.length > 0 ? { favourites: [...favourites] } : {}),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** "StudyForge projects 2026-11-26.json": the day it was made, so a second export does not look like the first. */
export function allProjectsFileName(exportedAt: string): string {
  return `StudyForge projects ${exportedAt.slice(0, 10)}.json`;
}
