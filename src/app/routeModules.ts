import { findTool, loadToolForm } from '../kernel/catalogue';
import { lazyComponent } from '../ui/lazyComponent';
import { screenAt, type Screen } from './screenTable';
// These two entries name only what the first load has already, so their loaders are imported here.
import { loadToolPage } from '../features/runner';
import { loadSettingsPage } from '../features/settings';

/*
 * The projects and study entries also name code of later screens (the tool page's save panel, the study
 * cards): imported here, the bundler would put it in the first load, as everything reached statically
 * from the entry goes in its chunk. Their entries load with the route instead, and name the page.
 */
const projects = () => import('../features/projects');
const study = () => import('../features/study');

/*
 * Screens other than the dashboard load with their route. Each loader is
 * also called on intent (a pointer over, or focus on, a link to the route),
 * so by the time the click lands the code is usually there and the page
 * renders at once, without a loading state.
 */

/** The screens whose code loads with their route (screenTable.ts): each must have its code here. */
type LoadedWithRoute = Exclude<Screen, { firstLoad: true }>['id'];

export const screens = {
  landing: lazyComponent(() => import('./pages/Landing').then((m) => m.Landing)),
  projects: lazyComponent(() => projects().then((entry) => entry.loadProjectsPage()).then((m) => m.Projects)),
  project: lazyComponent(() => projects().then((entry) => entry.loadProjectPage()).then((m) => m.ProjectPage)),
  // The scheduler (ts-fsrs) loads with the project pages and the Study screen only.
  study: lazyComponent(() => study().then((entry) => entry.loadStudyPage()).then((m) => m.StudyPage)),
  settings: lazyComponent(() => loadSettingsPage().then((m) => m.Settings)),
  // The form engine (react-hook-form, validation, the backend client) loads with the first tool page.
  tool: lazyComponent(() => loadToolPage().then((m) => m.ToolPage)),
} satisfies Record<LoadedWithRoute, { preload(): Promise<unknown> }>;

/** Starts loading what the screen at a hash route needs. */
export function preloadRoute(hash: string): void {
  const found = screenAt(hash.replace(/^#/, ''));
  // Nothing to load for a screen in the first load, nor where no screen is.
  if (!found || 'firstLoad' in found.screen) return;
  if (found.screen.id !== 'tool') {
    void screens[found.screen.id].preload();
    return;
  }
  const tool = findTool(found.params.toolId ?? '');
  if (!tool) return;
  void screens.tool.preload();
  // The form the page paints; its declaration comes as the person starts on the form (ToolRunner).
  loadToolForm(tool.id).catch(() => undefined);
}

/** Preloads a link's route when a pointer rests on it or it gets keyboard focus. */
export function preloadOnIntent(root: Document): void {
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#/"]');
    const href = link?.getAttribute('href');
    if (href) preloadRoute(href);
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
  root.addEventListener('touchstart', onIntent, { passive: true });
}
