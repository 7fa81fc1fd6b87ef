/*
 * The names and versions of StudyForge's project files: one project's
 * export, and the file of every project. Kept here, apart from the code that
 * writes and reads them (src/features/projects/projectFile.ts), because the
 * server writes the same files when a signed-in person downloads their
 * account's data, and the server may import only the kernel.
 */

export const PROJECT_EXPORT_FORMAT = 'studyforge-project';
export const PROJECT_EXPORT_VERSION = 1;

/** A file of every project (Settings, Delete all my data): each one exactly as a project's own JSON export writes it. */
export const ALL_PROJECTS_EXPORT_FORMAT = 'studyforge-projects';
export const ALL_PROJECTS_EXPORT_VERSION = 1;
