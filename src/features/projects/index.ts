/*
 * Projects: where saved results live. Projects and their items in browser
 * storage, merging across tabs, import and export as files, the projects
 * and project pages, and saving a result into a project.
 *
 * Offers: the projects store and its data shapes, the save controls and the
 * active-project picker, project files (read, write, name), project error
 * messages, and loaders for the pages (Projects, a project, a broken one).
 */
export { useProjects, loadArtifacts } from './projectsState';
export type { Artifact, NewArtifact, Project } from './schema';
export { ActiveProjectPicker } from './ActiveProjectPicker';
export { ProjectNotFound } from './ProjectNotFound';
export { SaveButton } from './SaveButton';
export { SaveToProjectPanel } from './SaveToProjectPanel';
export { tooDeepToShow } from './artifactContent';
export { exportAllProjects } from './exportAllProjects';
export { newSaveId } from './merge';
export { projectErrorMessage } from './projectErrors';
export {
  ALL_PROJECTS_EXPORT_FORMAT,
  ALL_PROJECTS_EXPORT_VERSION,
  PROJECT_EXPORT_FORMAT,
  parseImportFile,
  parseProjectExport,
  projectExport,
  projectExportJson,
  projectMarkdown,
  type ProjectExport,
  type StudyExport,
} from './projectFile';

/** The projects list page. */
export const loadProjectsPage = () => import('./Projects');
/** One project's page. */
export const loadProjectPage = () => import('./ProjectPage');
/** What a route shows when a project cannot be read, loaded only then. */
export const loadBrokenProject = () => import('./BrokenProject');
