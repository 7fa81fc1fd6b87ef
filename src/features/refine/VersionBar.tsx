import { useRef, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { ResultVersion } from './resultVersions';
import { Icon } from '../../ui/Icon';
import { hrefTo, routes } from '../../ui/routes';
import { ReadingBadge } from './ReadingBadge';
import './refine.css';

/** What a version was asked for, as the user said it: "First answer", or the chain's last change. */
export function askedFor(version: ResultVersion): string {
  const last = version.chain[version.chain.length - 1];
  return last ? last.label : 'First answer';
}

interface VersionBarProps {
  /** Shows another version (the runner keeps the sessions). */
  showVersion(index: number): void;
  versions: readonly ResultVersion[];
  shown: number;
  busy: boolean;
}

/**
 * Stepping through a result's versions: Earlier and Later
 * buttons (not "Next": a flashcard or slide deck has its own Next in the
 * same card), and the arrow keys (Home and End for the first and last) anywhere
 * in the group. The version shown and what it was asked for is announced.
 */
export function VersionBar({ showVersion, versions, shown, busy }: VersionBarProps) {
  const earlierRef = useRef<HTMLButtonElement>(null);
  const laterRef = useRef<HTMLButtonElement>(null);
  const version = versions[shown];
  if (!version) return null;
  const count = versions.length;
  const show = (index: number) => {
    const active = document.activeElement;
    flushSync(() => showVersion(index));
    // Reaching the first or last version disables its button, which would drop keyboard focus on the page: the other takes it.
    if (index === 0 && active === earlierRef.current) laterRef.current?.focus();
    if (index === count - 1 && active === laterRef.current) earlierRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: count - 1 }[event.key];
    if (target === undefined || busy || target < 0 || target >= count || target === shown) return;
    event.preventDefault();
    show(target);
  };
  const chain = version.chain.map((change) => change.label);

  return (
    <div className="version-bar" role="group" aria-label="Versions" onKeyDown={onKeyDown}>
      <div className="version-steps">
        <button ref={earlierRef} type="button" className="button button-quiet" onClick={() => show(shown - 1)} disabled={busy || shown === 0}>
          <Icon name="chevron_left" />
          <span>Earlier version</span>
        </button>
        <p className="version-status" aria-live="polite" aria-atomic="true">
          <strong>Version {shown + 1} of {count}</strong>
          <span>: {askedFor(version)}</span>
        </p>
        <button ref={laterRef} type="button" className="button button-quiet" onClick={() => show(shown + 1)} disabled={busy || shown === count - 1}>
          <span>Later version</span>
          <Icon name="chevron_right" />
        </button>
      </div>
      {chain.length > 1 && <p className="hint version-chain">Asked for, in order: {chain.join(' → ')}</p>}
      {version.sampleOnly && (
        <p className="hint version-sample-note">
          The offline sample backend answers with the tool&apos;s example again: refinements need a model. <a href={hrefTo(routes.settings)}>Connect one in Settings</a>.
        </p>
      )}
      {version.reading && <ReadingBadge report={version.reading} />}
    </div>
  );
}
