import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import { backendKindFor } from '../../kernel/backend/backendKind';
import { messageOf } from '../../kernel/messages';
import { effectiveSettings, environmentDefaults, useBackendSettings, useSettings } from './settingsState';
import { OwnKeySettingsForm, type OwnKeyDraft } from './OwnKeySettingsForm';
import { ConnectionTest } from './ConnectionTest';
import './settings.css';
import { ThemeSettings } from './ThemeSettings';
import { RunningItYourself } from './RunningItYourself';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** What the backend form holds now, saved or not, for Test connection. */
interface BackendDraft {
  backendUrl: string;
  publicKey: string;
  /** The Backend URL field's error, else null. */
  problem: string | null;
}

interface SettingsProps {
  /**
   * The sections other features give the page, after this feature's own (the app's settings page passes the names
   * to replace and Delete all). `startAgain` is for after all data is deleted: the forms here re-read what is stored.
   */
  more?: (startAgain: () => void) => ReactNode;
}

/*
 * Plain words first: how it looks, then the one connection most
 * people make (their own AI key). The seed's backend contract fields are for
 * a school running its own backend, so they wait under Advanced.
 */
export function Settings({ more }: SettingsProps) {
  // Bumped when all data is deleted: the forms below start again from what is stored now (nothing).
  const [generation, setGeneration] = useState(0);
  const [backendDraft, setBackendDraft] = useState<BackendDraft | null>(null);
  const [ownKeyDraft, setOwnKeyDraft] = useState<OwnKeyDraft | null>(null);
  const saved = useBackendSettings();

  // Test connection tries what the forms hold, as a save would put it in effect (before their first report: what is saved).
  const backend = backendDraft ?? { backendUrl: saved.backendUrl, publicKey: saved.publicKey, problem: null };
  const ownKey = ownKeyDraft ? ownKeyDraft.ownKey : saved.ownKey;
  const toTest = effectiveSettings({ backendUrl: backend.backendUrl, publicKey: backend.publicKey, ...(ownKey ? { ownKey } : {}) });
  // An own key in use makes the backend address irrelevant; one switched on but incomplete is the problem to name.
  const problem = ownKeyDraft?.problem ?? (backendKindFor(toTest) === 'provider' ? null : backend.problem);

  return (
    <article className="page narrow">
      <h1 className="page-title" tabIndex={-1}>Settings</h1>
      <p className="lede">
        How StudyForge looks, and where its answers come from. With nothing connected, every tool answers with a built-in
        sample. Everything you set here stays in this browser.
      </p>
      <ThemeSettings />
      <Fragment key={generation}>
        <OwnKeySettingsForm onDraftChange={setOwnKeyDraft} />
        <AdvancedBackendSettings onDraftChange={setBackendDraft} />
      </Fragment>
      <ConnectionTest settings={toTest} problem={problem} />
      {more?.(() => setGeneration((g) => g + 1))}
    </article>
  );
}

/** The section's words, fixed, as flows and tests find the section by them. */
export const advancedSummary = "Advanced (for a school's own backend)";

/** The backend contract's fields, folded away unless they already hold something (a wrong value included, so its error shows). */
function AdvancedBackendSettings({ onDraftChange }: { onDraftChange: (draft: BackendDraft) => void }) {
  const current = useBackendSettings();
  const [open, setOpen] = useState(() => [current.backendUrl, current.publicKey, current.transcribeUrl].some((value) => value !== ''));
  return (
    <details className="card advanced-settings" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{advancedSummary}</summary>
      <p className="hint">
        Only for a school or district that runs its own StudyForge gateway, or another backend of the same kind: ask
        whoever runs it for these values. Leave the Backend URL blank for sample answers. Your own AI key, when switched
        on above, is used instead of this backend.
      </p>
      <BackendSettingsForm onDraftChange={onDraftChange} />
      <RunningItYourself />
    </details>
  );
}

/** Where tool prompts and recordings go: the backend and transcription addresses, and the backend's public key. */
function BackendSettingsForm({ onDraftChange }: { onDraftChange: (draft: BackendDraft) => void }) {
  const current = useBackendSettings();
  const defaults = environmentDefaults();
  const [backendUrl, setBackendUrl] = useState(current.backendUrl);
  const [publicKey, setPublicKey] = useState(current.publicKey);
  const [transcribeUrl, setTranscribeUrl] = useState(current.transcribeUrl);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const problemWith = (url: string) => (url.trim() !== '' && !isHttpUrl(url.trim()) ? 'Enter a full address starting with http:// or https://.' : null);
  const urlProblem = problemWith(backendUrl);
  const transcribeProblem = problemWith(transcribeUrl);

  useEffect(() => onDraftChange({ backendUrl, publicKey, problem: urlProblem }), [onDraftChange, backendUrl, publicKey, urlProblem]);

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (urlProblem || transcribeProblem) return;
    try {
      useSettings.getState().save({ backendUrl, publicKey, transcribeUrl, ownKey: current.ownKey });
      setError(null);
      setStatus(backendUrl.trim() === '' ? 'Saved. Tools now answer with offline samples.' : 'Saved. Tools now call your backend.');
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  function reset() {
    useSettings.getState().reset();
    setBackendUrl(defaults.backendUrl);
    setPublicKey(defaults.publicKey);
    setTranscribeUrl(defaults.transcribeUrl);
    setStatus('Restored the defaults this copy of StudyForge was built with.');
  }

  return (
    <form onSubmit={save} noValidate>
      <div className="field">
        <label htmlFor={`${id}-url`}>Backend URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://your-project.supabase.co"
          value={backendUrl}
          onChange={(e) => setBackendUrl(e.target.value)}
          aria-describedby={`${id}-url-help${urlProblem ? ` ${id}-url-error` : ''}`}
          aria-invalid={urlProblem ? true : undefined}
        />
        <p id={`${id}-url-help`} className="field-help">Calls go to this address plus /functions/v1/gemini.</p>
        {urlProblem && <p id={`${id}-url-error`} className="field-error">{urlProblem}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-key`}>Public client key</label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          value={publicKey}
          onChange={(e) => setPublicKey(e.target.value)}
          aria-describedby={`${id}-key-help`}
        />
        <p id={`${id}-key-help`} className="field-help">
          Sent as a bearer token. Use the backend's public (anon) key, never a model provider's secret key.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-transcribe`}>Transcription service URL</label>
        <input
          id={`${id}-transcribe`}
          type="url"
          inputMode="url"
          placeholder="https://speech.example.org"
          value={transcribeUrl}
          onChange={(e) => setTranscribeUrl(e.target.value)}
          aria-describedby={`${id}-transcribe-help${transcribeProblem ? ` ${id}-transcribe-error` : ''}`}
          aria-invalid={transcribeProblem ? true : undefined}
        />
        <p id={`${id}-transcribe-help`} className="field-help">
          Audio Notes and the rehearsal coach send recordings to this address plus /speechtotext/speechtotext/transcribe-audio/. Blank: sample transcripts.
        </p>
        {transcribeProblem && <p id={`${id}-transcribe-error`} className="field-error">{transcribeProblem}</p>}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={urlProblem !== null || transcribeProblem !== null}>Save settings</button>
        <button type="button" className="button" onClick={reset}>Restore defaults</button>
      </div>
      {status && <p className="hint" role="status">{status}</p>}
      {error && <p className="inline-error" role="alert">{error}</p>}
    </form>
  );
}
