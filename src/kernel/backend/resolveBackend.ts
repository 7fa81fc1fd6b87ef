import type { BackendSettings } from './settings';
import { backendKindFor } from './backendKind';
import { createContractBackend } from './contractClient';
import { createProviderBackend } from './providerBackend';
import { createSampleBackend } from './sampleBackend';
import type { Backend } from './types';

/** The user's own key when set, else the contract backend when configured, else the offline samples. `tool`: the asking tool's id. */
export function resolveBackend(settings: Pick<BackendSettings, 'backendUrl' | 'publicKey' | 'ownKey'>, tool?: string): Backend {
  switch (backendKindFor(settings)) {
    case 'provider':
      return createProviderBackend(settings.ownKey!);
    case 'contract':
      return createContractBackend({ backendUrl: settings.backendUrl, publicKey: settings.publicKey, ...(tool ? { tool } : {}) });
    case 'sample':
      return createSampleBackend();
  }
}
