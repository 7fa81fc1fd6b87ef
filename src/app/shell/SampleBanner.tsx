import { Link } from 'wouter';
import { backendKindFor } from '../../engine/backend/backendKind';
import { useBackendSettings } from '../../engine/stores/settings';
import { Icon } from '../../ui/Icon';

/** Says plainly when answers are samples, so nobody mistakes them for a model's work. */
export function SampleBanner() {
  if (backendKindFor(useBackendSettings()) !== 'sample') return null;
  return (
    <div className="sample-banner" role="note" aria-label="Sample answers">
      <Icon name="cloud_off" />
      <p>
        <strong>Sample answers.</strong> No AI backend is connected, so each tool answers with its built-in example.
        To connect a model, add your backend URL and key in <Link href="/settings">Settings</Link>.
      </p>
    </div>
  );
}
