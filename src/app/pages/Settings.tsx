import { Fragment, useId, useState } from 'react';
import { messageOf } from '../../engine/messages';
import { environmentDefaults, useBackendSettings, useSettings } from '../../state/settings';
import { OwnKeySettingsForm } from './OwnKeySettingsForm';
import { DeleteAllData } from './settings/DeleteAllData';
import { NamesSettings } from './settings/NamesSettings';
import './settings/settings.css';
import { ThemeSettings } from './ThemeSettings';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function Settings() {
  // Bumped when all data is deleted: the forms below start again from what is stored now (nothing).
  const [generation, setGeneration] = useState(0);
  return (
    <article className="page narrow">
      <h1 className="page-title" tabIndex={-1}>Settings</h1>
      <p className="lede">
        StudyForge sends each tool's prompt to a backend that speaks the <code>functions/v1/gemini</code> contract.
        Leave the address blank to use the offline sample answers. These settings stay in this browser.
      </p>
      <Fragment key={generation}>
        <BackendSettingsForm />
        <OwnKeySettingsForm />
      </Fragment>
      <NamesSettings />
      <ThemeSettings />
      <DeleteAllData onDeleted={() => setGeneration((g) => g + 1)} />
    </article>
  );
}

/** Where tool prompts and recordings go: the backend and transcription addresses, and the backend's public key. */
function BackendSettingsForm() {
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
    <form className="card" onSubmit={save} noValidate>
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
