/*
 * How projects are ordered and their names compared: kept apart from the
 * schemas (schema.ts), so the first load, which needs these, carries no zod.
 * The fields read are said here rather than imported as schema.ts's Project:
 * schema.ts re-exports these functions, and a type import back would close
 * a cycle.
 */

/** The fields of a project (schema.ts) that order it. */
interface Stamped {
  id: string;
  createdAt: string;
  /** When the name was last changed, if ever. */
  updatedAt?: string | undefined;
}

/** When a project's name was last set: its rename time, or its creation. */
export function nameStamp<P extends Stamped>(project: P): string {
  return project.updatedAt ?? project.createdAt;
}

/** Newest first, as the projects page lists them. */
export function newestFirst<P extends Stamped>(projects: readonly P[]): P[] {
  return [...projects].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
