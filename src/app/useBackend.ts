import { useMemo } from 'react';
import { resolveBackend } from '../engine/backend/resolveBackend';
import type { Backend } from '../engine/backend/types';
import { useBackendSettings } from '../engine/stores/settings';

export function useBackend(): Backend {
  const { backendUrl, publicKey } = useBackendSettings();
  return useMemo(() => resolveBackend({ backendUrl, publicKey }), [backendUrl, publicKey]);
}
