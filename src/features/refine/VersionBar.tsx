import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { topicOf, type Field } from '../../kernel/fields';
import type { ResultVersion } from './resultVersions';
import type { RefineActions, RefineSession } from './refineSession';
import { Icon } from '../../ui/Icon';
import { hrefTo, routes } from '../../ui/routes';
import { focusDropped, focusInView } from '../../ui/inView';
import { ReadingBadge } from './ReadingBadge';
import { RefineProgress } from './RefineProgress';
import './refine.css';

/**
 * What a version was asked for, as the user said it: "First answer", "New answer" (a later Generate),
 * or the chain's last change; with the topic it answers when the versions answer different inputs.
 */
export function askedFor(version: ResultVersion, index = 0, topic?: string): string {
  const last = version.chain[version.chain.length - 1];
  const asked = last ? last.label : index === 0 ? 'First answer' : 'New answer';
  return topic ? `${asked} · ${clipped(topic)}` : asked;
}

function clipped(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > 40 ? `${oneLine.slice(0, 39)}…` : oneLine;
}

/** The topic a version answers, when the versions do not all answer the same inputs (a class set of comments). */
function topicWhenMixed(versions: readonly ResultVersion[], version: ResultVersion, fields: readonly Field[]): string | undefined {
  const topics = new Set(versions.map((each) => (each.inputs ? topicOf(fields, each.inputs) : undefined)));
  return topics.size > 1 && version.inputs ? topicOf(fields, version.inputs) : undefined;
}

interface VersionBarProps {
  session: RefineSession;
  /** The session's actions for this tool (the runner keeps the sessions). */
  actions: RefineActions;
  /** The tool's inputs: a version is named by its topic when the versions answer different ones. */
  fields: readonly Field[];
  /** Cancel, shared with the refine bar, which gives it focus as a change starts. */
  cancelRef: RefObject<HTMLButtonElement | null>;
  /** The control that asked for the change on its way (the refine bar sets it). */
  askedFromRef: RefObject<HTMLElement | null>;
}

/**
 * Stepping through a result's versions: Earlier and Later
 * buttons (not "Next": a flashcard or slide deck has its own Next in the
 * same card), and the arrow keys (Home and End for the first and last) anywhere
 * in the group. The version shown and what it was asked for is announced.
 * A change on its way shows here, where its version will appear; when it ends,
 * focus (if its control went) moves to the new version or to the error, brought into view.
 */
export function VersionBar({ session, actions, fields, cancelRef, askedFromRef }: VersionBarProps) {
  const { versions, shown } = session;
  const busy = session.status !== 'idle';
  const refining = session.status === 'refining';
  const earlierRef = useRef<HTMLButtonElement>(null);
  const laterRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusVersion = useCallback(() => focusInView(statusRef.current), []);
  const wasRefining = useRef(refining);
  const shownId = versions[shown]?.id;
  const refiningFrom = useRef(shownId);
  useEffect(() => {
    if (wasRefining.current === refining) return;
    wasRefining.current = refining;
    const askedFrom = askedFromRef.current;
    if (refining) {
      refiningFrom.current = shownId;
      return;
    }
    askedFromRef.current = null;
    // Cancel goes when the change ends: focus follows to what the person needs next, unless it is somewhere else by
    // then: the new version, brought into view; the error; or, when nothing came, the control that asked.
    if (!focusDropped()) return;
    if (session.refineError) focusInView(errorRef.current);
    else if (shownId === refiningFrom.current && askedFrom?.isConnected && !(askedFrom instanceof HTMLButtonElement && askedFrom.disabled)) {
      focusInView(askedFrom);
    } else focusVersion();
  }, [refining, session.refineError, shownId, askedFromRef, focusVersion]);

  const version = versions[shown];
  if (!version) return null;
  const count = versions.length;
  const show = (index: number) => {
    const active = document.activeElement;
    flushSync(() => actions.showVersion(index));
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
        <h3 ref={statusRef} className="version-status" tabIndex={-1} aria-live="polite" aria-atomic="true">
          <strong>Version {shown + 1} of {count}</strong>
          <span>: {askedFor(version, shown, topicWhenMixed(versions, version, fields))}</span>
        </h3>
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
      <RefineProgress session={session} actions={actions} cancelRef={cancelRef} errorRef={errorRef} focusVersion={focusVersion} />
    </div>
  );
}
