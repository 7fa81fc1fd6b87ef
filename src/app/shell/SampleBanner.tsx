import { useState } from 'react';
import { Link } from 'wouter';
import { backendKindFor } from '../../kernel/backend/backendKind';
import { storageKeys } from '../../kernel/stored/storage';
import { routes } from '../../ui/routes';
import { useBackendSettings } from '../../features/settings';
import { Icon } from '../../ui/Icon';

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

/** Whether the notice was hidden on a phone earlier in this visit; a browser refusing sessionStorage just shows it again. */
function hiddenThisVisit(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(storageKeys.sampleNoticeHidden) === '1';
  } catch {
    return false;
  }
}

function hideForThisVisit(): void {
  try {
    globalThis.sessionStorage?.setItem(storageKeys.sampleNoticeHidden, '1');
  } catch {
    // Private modes may refuse: the notice goes for this page view only.
  }
}

/**
 * Says plainly when answers are samples, so nobody mistakes them for a model's work, and both ways to connect one (docs/gateway.md).
 * On a phone (styles.css) it is two short lines, not a fifth of the screen, and can be hidden for the visit;
 * a laptop always shows it whole.
 */
export function SampleBanner() {
  const [hidden, setHidden] = useState(hiddenThisVisit);
  if (backendKindFor(useBackendSettings()) !== 'sample') return null;
  return (
    <div className={hidden ? 'sample-banner hidden-on-phone' : 'sample-banner'} role="note" aria-label="Sample answers">
      <Icon name="cloud_off" />
      <p className="sample-banner-short">
        <strong>Sample answers.</strong> No AI backend is connected: <Link href={routes.settings}>Settings</Link>
      </p>
      <p className="sample-banner-long">
        <strong>Sample answers.</strong> No AI backend is connected, so each tool answers with its built-in example.
        To connect a model, use your own AI key or a school’s backend in <Link href={routes.settings}>Settings</Link>.{' '}
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
      <button
        type="button"
        className="button button-quiet sample-banner-hide"
        onClick={() => {
          hideForThisVisit();
          setHidden(true);
        }}
      >
        <Icon name="close" />
        <span className="visually-hidden">Hide the sample-answers notice</span>
      </button>
    </div>
  );
}
