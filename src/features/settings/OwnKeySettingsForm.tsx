import { useEffect, useId, useState } from 'react';
import { ownKeyProviderLabels, ownKeyProviderName, ownKeyProviders, ownKeyUsable, type OwnKeyProvider, type OwnKeySettings } from '../../kernel/backend/ownKey';
import { messageOf } from '../../kernel/messages';
import { GEMINI_DEFAULT_MODEL, OPENAI_DEFAULT_MODEL } from '../../providers/defaultModels';
import { useBackendSettings, useSettings } from './settingsState';

const modelHints: Record<OwnKeyProvider, string> = {
  gemini: `Blank for ${GEMINI_DEFAULT_MODEL}.`,
  // The example is a current model: gpt-4o-mini shuts down on 14 Jan 2027 (defaultModels.ts).
  openai: `Required, e.g. ${OPENAI_DEFAULT_MODEL}.`,
  ollama: 'Required, e.g. llama3.2.',
};

const baseUrlHints: Record<OwnKeyProvider, string> = {
  gemini: 'Blank for Google’s address.',
  openai: 'Blank for https://api.openai.com/v1; e.g. https://openrouter.ai/api/v1.',
  ollama: 'Blank for http://127.0.0.1:11434 (start Ollama with OLLAMA_ORIGINS set to this site).',
};

/*
 * Ollama answers browsers only from allowed origins: "Ollama allows cross-origin requests from
 * 127.0.0.1 and 0.0.0.0 by default. Additional origins can be configured with OLLAMA_ORIGINS"
 * (ollama/ollama docs/faq.mdx l.222, at fb30760); its built-in list also has localhost with any
 * port and file:// (envconfig/config.go l.85-105). From any other site, the calls fail until
 * Ollama is started with this site's origin in OLLAMA_ORIGINS (finding N3).
 */
const ollamaAllowedHosts = ['localhost', '127.0.0.1', '0.0.0.0'];

/** The origin to add to OLLAMA_ORIGINS, or null when Ollama allows this page already. */
export function ollamaOriginToAllow(location: Pick<Location, 'protocol' | 'hostname' | 'origin'>): string | null {
  if (location.protocol === 'file:' || ollamaAllowedHosts.includes(location.hostname)) return null;
  return location.origin;
}

function missingHint(provider: OwnKeyProvider): string {
  return provider === 'gemini' ? 'Enter your API key.' : 'Enter the model (and the key, if the provider needs one).';
}

/** What the form holds now, saved or not, for Settings' Test connection. */
export interface OwnKeyDraft {
  /** The key settings when the switch is on, else undefined. */
  ownKey: OwnKeySettings | undefined;
  /** Why they cannot be used yet (switched on, but incomplete), else null. */
  problem: string | null;
}

/**
 * "Bring your own key": the browser calls the provider itself. The key stays
 * in this browser's storage and goes only to that provider.
 */
export function OwnKeySettingsForm({ onDraftChange }: { onDraftChange?: (draft: OwnKeyDraft) => void } = {}) {
  const current = useBackendSettings().ownKey;
  const [enabled, setEnabled] = useState(current !== undefined);
  const [draft, setDraft] = useState<OwnKeySettings>(current ?? { provider: 'gemini', apiKey: '', model: '', baseUrl: '' });
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const change = (patch: Partial<OwnKeySettings>) => setDraft((d) => ({ ...d, ...patch }));
  const ready = !enabled || ownKeyUsable(draft);
  const originToAllow = draft.provider === 'ollama' && typeof window !== 'undefined' ? ollamaOriginToAllow(window.location) : null;
  const baseDescribedBy = originToAllow ? `${id}-base-help ${id}-ollama-origins` : `${id}-base-help`;

  useEffect(() => {
    onDraftChange?.({ ownKey: enabled ? draft : undefined, problem: ready ? null : missingHint(draft.provider) });
  }, [onDraftChange, enabled, draft, ready]);

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (!ready) return;
    try {
      useSettings.getState().setOwnKey(enabled ? draft : undefined);
      setError(null);
      setStatus(enabled ? `Saved. Tools now call ${ownKeyProviderName(draft.provider)} with your key.` : 'Saved. Your own key is no longer used.');
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <form className="card own-key" onSubmit={save} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Use your own AI key</h2>
      <p className="hint">
        Get real answers from an AI model you have an account with (Google Gemini, OpenAI and others), or from Ollama on
        this computer. This browser then calls that provider directly. Your key is kept only in this browser and is sent
        only to that provider.
      </p>
      <div className="field field-switch">
        <input id={`${id}-on`} type="checkbox" role="switch" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <label htmlFor={`${id}-on`}>Call a provider with my own key</label>
      </div>
      {enabled && (
        <>
          <div className="field">
            <label htmlFor={`${id}-provider`}>Provider</label>
            <select id={`${id}-provider`} value={draft.provider} onChange={(e) => change({ provider: e.target.value as OwnKeyProvider })}>
              {ownKeyProviders.map((p) => (
                <option key={p} value={p}>{ownKeyProviderLabels[p]}</option>
              ))}
            </select>
          </div>
          {draft.provider !== 'ollama' && (
            <div className="field">
              <label htmlFor={`${id}-key`}>API key</label>
              <input id={`${id}-key`} type="password" autoComplete="off" value={draft.apiKey} onChange={(e) => change({ apiKey: e.target.value })} />
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-model`}>Model</label>
            <input id={`${id}-model`} type="text" value={draft.model} onChange={(e) => change({ model: e.target.value })} aria-describedby={`${id}-model-help`} />
            <p id={`${id}-model-help`} className="field-help">{modelHints[draft.provider]}</p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-base`}>Provider address</label>
            <input id={`${id}-base`} type="url" value={draft.baseUrl} onChange={(e) => change({ baseUrl: e.target.value })} aria-describedby={baseDescribedBy} />
            <p id={`${id}-base-help`} className="field-help">{baseUrlHints[draft.provider]}</p>
            {originToAllow && (
              <p id={`${id}-ollama-origins`} className="field-help">
                Ollama answers only pages it allows. This page is served from {originToAllow}, so start Ollama with{' '}
                <code>OLLAMA_ORIGINS={originToAllow}</code> (for example <code>OLLAMA_ORIGINS={originToAllow} ollama serve</code>),
                or every call will fail with “Could not reach the AI provider”.
              </p>
            )}
          </div>
        </>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={!ready}>Save my key settings</button>
        {!ready && <p className="hint">{missingHint(draft.provider)}</p>}
      </div>
      {status && <p className="hint" role="status">{status}</p>}
      {error && <p className="inline-error" role="alert">{error}</p>}
    </form>
  );
}
