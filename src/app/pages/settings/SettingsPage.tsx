import { loadProjectFile } from '../../../features/projects';
import { loadDeleteAll, loadSettingsForm } from '../../../features/settings';
import { lazyComponent } from '../../../ui/lazyComponent';
import { DeleteAllData } from './DeleteAllData';
import { loadNamesSettings } from './namesSettings';
import { WhatTheServerKeeps } from './WhatTheServerKeeps';

/*
 * The Settings page: the settings feature's own sections (theme, where
 * answers come from, the connection test), then the names to replace
 * (privacy) and deleting everything (every feature's data). The features'
 * code is fetched with this page's (routeModules.ts), so it renders at once.
 */

const settingsForm = lazyComponent(() => loadSettingsForm().then((m) => m.Settings));
const namesSettings = lazyComponent(() => loadNamesSettings().then((m) => m.NamesSettings));

/** Resolves once every part the page paints is here; what its buttons use comes meanwhile, in case they are pressed. */
export function preloadParts(): Promise<unknown> {
  Promise.all([loadDeleteAll(), loadProjectFile()]).catch(() => undefined);
  return Promise.all([settingsForm.preload(), namesSettings.preload()]);
}

export function SettingsPage() {
  const Settings = settingsForm.Component;
  const NamesSettings = namesSettings.Component;
  return (
    <Settings
      more={(startAgain) => (
        <>
          <NamesSettings />
          <WhatTheServerKeeps />
          <DeleteAllData onDeleted={startAgain} />
        </>
      )}
    />
  );
}
