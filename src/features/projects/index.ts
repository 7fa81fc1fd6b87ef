/*
 * Projects: where saved results live. Projects and their items in browser
 * storage, merging across tabs, import and export as files, the projects
 * and project pages, and saving a result into a project.
 *
 * Offers: the projects store and its data shapes, the active-project
 * picker, the save controls, and loaders for what the first paint does not
 * need: project files (their zod schemas) and the pages (Projects, a
 * project, a broken one).
 *
 * The dashboard imports this entry, and the bundler puts every module an
 * entry re-exports into its importers' first load when any code uses it:
 * only what the dashboard already loads is re-exported as a value here.
 */
export { useProjects, loadArtifacts, newestFirst } from './projectsState';
export type { Artifact, NewArtifact, Project } from './schema';
export { ActiveProjectPicker } from './ActiveProjectPicker';
export { SaveButton } from './SaveButton';
export { SaveToProjectPanel } from './SaveToProjectPanel';
export { newSaveId } from './merge';
export type { ProjectExport, StudyExport } from './projectFile';

/** Reading and writing project files (brings zod), loaded when someone imports or exports. */
export const loadProjectFile = () => import('./projectFile');

/** The projects list page. */
export const loadProjectsPage = () => import('./Projects');
/** One project's page. */
export const loadProjectPage = () => import('./ProjectPage');
/** What a route shows when a project cannot be read, loaded only then. */
export const loadBrokenProject = () => import('./BrokenProject');
