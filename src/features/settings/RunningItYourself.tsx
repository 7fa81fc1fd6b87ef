import { useId } from 'react';

/**
 * Whether our gateway (npm start) served this page: it writes its config into
 * index.html's head (server/appConfig.ts, read by kernel/backend/settings.ts).
 */
function servedByGateway(): boolean {
  return globalThis.document?.head?.querySelector('script#studyforge-config[type="application/json"]') != null;
}

const providers = (
  <>
    <code>GEMINI_API_KEY</code> (or <code>OPENAI_BASE_URL</code> / <code>OLLAMA_URL</code>)
  </>
);

/**
 * For whoever hosts StudyForge: how its own gateway gets a provider (docs/gateway.md has the rest). It sits with
 * the school backend's fields, under Advanced, rather than on every page, where most readers only need to know
 * that answers are samples.
 */
export function RunningItYourself() {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="running-it-yourself">
      <h3 id={`${id}-heading`}>Running StudyForge yourself</h3>
      {servedByGateway() ? (
        <p className="hint">
          This copy is served by <code>npm start</code>: set {providers} in the gateway's <code>.env</code> and restart
          it. The guide is docs/gateway.md.
        </p>
      ) : (
        <p className="hint">
          Start it with <code>npm start</code> and set {providers} in its <code>.env</code>. The guide is docs/gateway.md.
        </p>
      )}
    </section>
  );
}
