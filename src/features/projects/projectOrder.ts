import type { Project } from './schema';

/*
 * How projects are ordered and their names compared: kept apart from the
 * schemas (schema.ts), so the first load, which needs these, carries no zod.
 */

/** When a project's name was last set: its rename time, or its creation. */
export function nameStamp(project: Project): string {
  return project.updatedAt ?? project.createdAt;
}

/** Newest first, as the projects page lists them. */
export function newestFirst(projects: readonly Project[]): Project[] {
  return [...projects].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
