/*
 * Projects: where saved results live. Projects and their items in browser
 * storage, merging across tabs, import and export as files, and saving a
 * result into a project. The pages that show them compose other features
 * too (study, export, settings), so they live in src/app/pages.
 *
 * Offers: the projects store and its data shapes, the active-project
 * picker, the save controls, what a project's name and errors read, and
 * a loader for what the first paint does not need: project files (their
 * zod schemas), one project's or every project's.
 *
 * The dashboard imports this entry, and the bundler puts every module an
 * entry re-exports into its importers' first load when any code uses it:
 * only what the dashboard already loads is re-exported as a value here.
 */
export { useProjects, loadArtifacts, newestFirst } from './projectsState';
export type { Artifact, ImportOutcome, NewArtifact, Project } from './schema';
export { projectErrorMessage } from './projectErrors';
export { MAX_PROJECT_NAME_LENGTH } from './projectName';
export { ActiveProjectPicker } from './ActiveProjectPicker';
// The save controls load on demand (saveControls.tsx), not with the dashboard.
export { preloadSaveControls, SaveButton, SaveToProjectPanel } from './saveControls';
export { newSaveId } from './merge';
export type { ProjectExport, StudyExport } from './projectFile';

/** Reading and writing project files, one project's or every project's (brings zod), loaded when someone imports or exports. */
export const loadProjectFile = () => import('./projectFiles');
