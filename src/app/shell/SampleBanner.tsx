import { Link } from 'wouter';
import { backendKindFor } from '../../engine/backend/backendKind';
import { useBackendSettings } from '../../state/settings';
import { Icon } from '../../ui/Icon';

/**
 * Whether our gateway (npm start) served this page: it writes its config into
 * index.html's head (server/appConfig.ts, read by engine/backend/settings.ts).
 */
function servedByGateway(): boolean {
  return globalThis.document?.head?.querySelector('script#studyforge-config[type="application/json"]') != null;
}

const providers = (
  <>
    <code>GEMINI_API_KEY</code> (or <code>OPENAI_BASE_URL</code> / <code>OLLAMA_URL</code>)
  </>
);

/** Says plainly when answers are samples, so nobody mistakes them for a model's work, and both ways to connect one (README). */
export function SampleBanner() {
  if (backendKindFor(useBackendSettings()) !== 'sample') return null;
  return (
    <div className="sample-banner" role="note" aria-label="Sample answers">
      <Icon name="cloud_off" />
      <p>
        <strong>Sample answers.</strong> No AI backend is connected, so each tool answers with its built-in example.
        To connect a model, add your backend URL and key in <Link href="/settings">Settings</Link>.{' '}
        {servedByGateway() ? (
          <>
            This app is served by <code>npm start</code>: set {providers} in the gateway's <code>.env</code> and restart{' '}
            <code>npm start</code>, or connect a backend in Settings.
          </>
        ) : (
          <>
            Running it yourself? Start it with <code>npm start</code> and set {providers} in its <code>.env</code>.
          </>
        )}
      </p>
    </div>
  );
}
