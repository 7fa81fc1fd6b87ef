import type { BackendSettings } from '../stores/settings';
import { createContractBackend } from './contractClient';
import { createSampleBackend } from './sampleBackend';
import type { Backend } from './types';

/** The contract backend when one is configured, else the offline samples. */
export function resolveBackend(settings: Pick<BackendSettings, 'backendUrl' | 'publicKey'>): Backend {
  return settings.backendUrl === '' ? createSampleBackend() : createContractBackend(settings);
}
