import { loadSettingsForm } from '../../features/settings';
import { loadNamesSettings } from './settings/namesSettings';

/*
 * The code of the pages that compose features (each page and the parts it
 * shows), in a chunk of its own that routeModules.ts loads with the first
 * such route: in the first load, each page's list of files would grow it.
 *
 * The study entry also names code of other screens (the study cards), so it
 * loads with the route rather than with this chunk.
 */
const study = () => import('../../features/study');

/**
 * A page with parts from features that load on demand (lazyComponent): the parts' code is fetched beside
 * the page's, and the page resolves once all are here, so it renders at once.
 */
async function withParts<Page extends { preloadParts(): Promise<unknown> }>(page: Promise<Page>, ...parts: Promise<unknown>[]): Promise<Page> {
  const [loaded] = await Promise.all([page, ...parts]);
  await loaded.preloadParts();
  return loaded;
}

export const loadProjectsPage = () => withParts(import('./projects/Projects')).then((m) => m.Projects);
/** What a project route shows when its page fails (RouteErrorBoundary.tsx), loaded only then. */
export const loadBrokenProject = () => import('./projects/BrokenProject');
export const loadProjectPage = () => withParts(import('./project/ProjectPage')).then((m) => m.ProjectPage);
// The scheduler (ts-fsrs) loads with the project pages and the Study screen only.
export const loadStudyPage = () =>
  withParts(import('./study/StudyPage'), study().then((entry) => entry.loadStudyScreen())).then((m) => m.StudyPage);
/** Only reached when the gateway has sign-in on (the header links to it). */
export const loadAccountScreen = () => import('./account/accountScreen').then((m) => m.loadAccountScreen());
export const loadSettingsPage = () =>
  withParts(import('./settings/SettingsPage'), loadSettingsForm(), loadNamesSettings()).then((m) => m.SettingsPage);
