import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { onDemand } from '../../kernel/onDemand';

/*
 * The save controls of a tool's result, as the projects entry offers them.
 * The dashboard imports that entry, and the bundler puts every module an
 * entry names into its importers' first load: named directly, the controls
 * would load with the dashboard, which never shows them. Here they load on
 * demand, and the tool page's route fetches them with the page
 * (preloadSaveControls), so they render at once.
 */

/** Both controls' code, in one file. */
const views = onDemand(() => import('./saveControlViews'));
type Views = Awaited<ReturnType<typeof views.load>>;

/** A control drawn at once when its code is here, else once it arrives (drawing nothing, no loading state above it). */
function onDemandControl<Props extends object>(pick: (loaded: Views) => ComponentType<Props>) {
  const Lazy = lazy(() => views.load().then((loaded) => ({ default: pick(loaded) })));
  return function Control(props: Props) {
    const loaded = views.current();
    return loaded ? createElement(pick(loaded), props) : createElement(Suspense, { fallback: null }, createElement(Lazy, props));
  };
}

/** "Save to <active project>": saves a result into the project picked in the header. */
export const SaveButton = onDemandControl((loaded) => loaded.SaveButton);
/** Saving a result into a project of the person's choice, or a new one. */
export const SaveToProjectPanel = onDemandControl((loaded) => loaded.SaveToProjectPanel);

/** Fetches the save controls' code, for a tool page about to show a result: they then render at once. */
export const preloadSaveControls = views.load;
