import type { BackendSettings } from './settings';
import { ownKeyUsable } from './ownKey';
import type { Backend } from './types';

/** Which backend the settings select, decided without loading any client code (the banner needs only this). */
export function backendKindFor(settings: Pick<BackendSettings, 'backendUrl' | 'ownKey'>): Backend['kind'] {
  if (settings.ownKey && ownKeyUsable(settings.ownKey)) return 'provider';
  return settings.backendUrl === '' ? 'sample' : 'contract';
}
