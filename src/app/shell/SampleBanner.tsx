import { useState } from 'react';
import { Link } from 'wouter';
import { backendKindFor } from '../../kernel/backend/backendKind';
import { routes } from '../../ui/routes';
import { useBackendSettings } from '../../features/settings';
import { Icon } from '../../ui/Icon';
import { rememberSampleNoticeHidden, sampleNoticeHidden } from './sampleNoticePreference';

/**
 * Says plainly when answers are samples, so nobody mistakes them for a model's work, in one line with a link to
 * where an AI is connected. How to run the app with a provider of one's own is for the few who host it: that
 * is in Settings (under Advanced) and docs/gateway.md, not on every page. Hide remembers, in this browser.
 */
export function SampleBanner() {
  const [hidden, setHidden] = useState(sampleNoticeHidden);
  const sample = backendKindFor(useBackendSettings()) === 'sample';
  if (hidden || !sample) return null;
  return (
    <div className="sample-banner" role="note" aria-label="Sample answers">
      <Icon name="cloud_off" />
      <p>
        <strong>Sample answers.</strong>
        <span className="sample-banner-more"> No AI is connected.</span>{' '}
        <Link href={routes.settings}>
          Connect an AI<span className="sample-banner-more"> in Settings</span>
        </Link>
      </p>
      <button
        type="button"
        className="button button-quiet sample-banner-hide"
        aria-label="Hide the sample-answers notice"
        onClick={() => {
          rememberSampleNoticeHidden();
          setHidden(true);
          // The button goes with the notice: focus goes to the page's heading, not lost to the document's start.
          document.querySelector<HTMLElement>('main h1')?.focus();
        }}
      >
        Hide
      </button>
    </div>
  );
}
