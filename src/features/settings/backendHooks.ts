import { useMemo } from 'react';
import { effectiveSettings, useBackendSettings, useSettings } from './settingsState';
import { resolveBackend } from '../../kernel/backend/resolveBackend';
import type { Backend } from '../../kernel/backend/types';

/** The backend the settings point at, or the offline samples; `tool` (its id) goes with each request. */
export function useBackend(tool?: string): Backend {
  const { backendUrl, publicKey, ownKey } = useBackendSettings();
  const ownKeyJson = JSON.stringify(ownKey ?? null);
  // Keyed on the settings' values, not object identity, so the backend is made once per change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => resolveBackend({ backendUrl, publicKey, ownKey }, tool), [backendUrl, publicKey, ownKeyJson, tool]);
}

/**
 * The backend the settings point at now, for a request about to start. A tool page loads this (and the
 * backends' code) as the person starts on the form or presses Generate, not with the form.
 */
export function backendNow(tool?: string): Backend {
  return resolveBackend(effectiveSettings(useSettings.getState().stored), tool);
}
