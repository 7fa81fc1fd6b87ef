import type { BackendSettings } from '../stores/settings';
import { createContractBackend } from './contractClient';
import { createProviderBackend, ownKeyUsable } from './providerBackend';
import { createSampleBackend } from './sampleBackend';
import type { Backend } from './types';

/** The user's own key when set, else the contract backend when configured, else the offline samples. */
export function resolveBackend(settings: Pick<BackendSettings, 'backendUrl' | 'publicKey' | 'ownKey'>): Backend {
  if (settings.ownKey && ownKeyUsable(settings.ownKey)) return createProviderBackend(settings.ownKey);
  return settings.backendUrl === '' ? createSampleBackend() : createContractBackend(settings);
}
