import { findTool, loadToolForm } from '../kernel/catalogue';
import { lazyComponent } from '../ui/lazyComponent';
import { screenAt, type Screen } from './screenTable';
// These entries name only what the first load has already, so what is used of them is imported here.
import { preloadSaveControls } from '../features/projects';
import { loadToolPage } from '../features/runner';
import { loadClassScreens } from '../features/classes';

/** The pages that compose features, in a chunk of their own (pages/pageLoaders.ts). */
const pages = () => import('./pages/pageLoaders');

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
  projects: lazyComponent(() => pages().then((page) => page.loadProjectsPage())),
  project: lazyComponent(() => pages().then((page) => page.loadProjectPage())),
  study: lazyComponent(() => pages().then((page) => page.loadStudyPage())),
  settings: lazyComponent(() => pages().then((page) => page.loadSettingsPage())),
  account: lazyComponent(() => pages().then((page) => page.loadAccountScreen())),
  classes: lazyComponent(() => loadClassScreens().then((m) => m.ClassesPage)),
  class: lazyComponent(() => loadClassScreens().then((m) => m.ClassPage)),
  assignment: lazyComponent(() => loadClassScreens().then((m) => m.AssignmentPage)),
  join: lazyComponent(() => loadClassScreens().then((m) => m.JoinPage)),
  joinForm: lazyComponent(() => loadClassScreens().then((m) => m.JoinPage)),
  // The form engine (react-hook-form, validation, the backend client) loads with the first tool page.
  // The result's save controls come with it, so a result shows them at once (if they fail, they try again when shown).
  tool: lazyComponent(() => Promise.all([loadToolPage(), preloadSaveControls().catch(() => undefined)]).then(([m]) => m.ToolPage)),
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
