import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { ToolDeclaration } from '../../kernel/defineTool';
import { changeRequestProblem, MAX_CHANGE_REQUEST_LENGTH, refinementsOf, typedChange, type ChangeRequest } from './changeRequests';
import { readingScaleOf } from './outputOptions';
import { useOutputLanguage } from './outputLanguageState';
import type { RefineActions, RefineSession } from './refineSession';
import { Icon } from '../../ui/Icon';
import { focusInView } from '../../ui/inView';
import { tabAfterKey } from '../../ui/tabKeys';
import { OutputChoices, outputChange } from './OutputChoices';
import './refine.css';

interface RefineBarProps {
  tool: ToolDeclaration;
  session: RefineSession;
  /** The session's actions for this tool (the runner keeps the sessions). */
  actions: RefineActions;
  /** Cancel, beside the version bar: it takes focus as a change starts. */
  cancelRef: RefObject<HTMLButtonElement | null>;
  /** Set to the control that asked for a change, so a cancelled change gives focus back to it (VersionBar.tsx). */
  askedFromRef: RefObject<HTMLElement | null>;
}

/**
 * Under every result: one-click refinements in a labelled toolbar
 * (arrow keys move between them), "Ask for a change" in the user's own words,
 * and the output language and reading level. A change becomes a new version;
 * while it is on its way the shown version stays, and its progress and Cancel
 * show in the version bar (VersionBar.tsx), where the new version will appear.
 */
export function RefineBar({ tool, session, actions, cancelRef, askedFromRef }: RefineBarProps) {
  const [typed, setTyped] = useState('');
  const language = useOutputLanguage((s) => s.language);
  const askId = useId();
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const busy = session.status !== 'idle';
  const shown = session.versions[session.shown];
  const refinements = refinementsOf(tool);
  const scale = readingScaleOf(tool);

  function send(change: ChangeRequest) {
    if (busy) return;
    askedFromRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let request: Promise<void> = Promise.resolve();
    // The refining state is on screen before focus moves, so Cancel is there to take it (the button pressed is
    // disabled meanwhile), brought into view with the progress beside the version bar.
    flushSync(() => {
      request = actions.refine(change);
    });
    focusInView(cancelRef.current);
    void request;
  }

  const problem = typed.trim() === '' ? null : changeRequestProblem(typed);
  const onToolbarKey = (event: KeyboardEvent) => {
    const next = tabAfterKey(event.key, focusIndex, refinements.length);
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  const rewrite = shown ? outputChange(shown.output, { language, level: session.level }, scale) : null;

  return (
    <div className="refine-bar">
      <h3 className="refine-heading">Refine this result</h3>
      <div ref={toolbarRef} role="toolbar" aria-label="Refine this result" className="refine-buttons" onKeyDown={onToolbarKey}>
        {refinements.map((refinement, index) => (
          <button
            key={refinement.label}
            type="button"
            className="button"
            tabIndex={index === focusIndex ? 0 : -1}
            onFocus={() => setFocusIndex(index)}
            disabled={busy}
            onClick={() => send(refinement)}
          >
            {refinement.label}
          </button>
        ))}
      </div>

      <form
        className="refine-ask"
        onSubmit={(event) => {
          event.preventDefault();
          if (changeRequestProblem(typed) !== null) return;
          send(typedChange(typed));
          setTyped('');
        }}
      >
        <label htmlFor={`${askId}-ask`}>Ask for a change</label>
        <div className="refine-ask-row">
          <input
            id={`${askId}-ask`}
            type="text"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="e.g. in Spanish for grade 5, or add a question about volcanoes"
            aria-describedby={`${askId}-limit`}
            aria-invalid={problem !== null}
          />
          <button type="submit" className="button button-primary" disabled={busy || changeRequestProblem(typed) !== null}>
            <Icon name="edit_note" />
            <span>Ask</span>
          </button>
        </div>
        <p id={`${askId}-limit`} className={problem ? 'inline-error' : 'hint'} role={problem ? 'alert' : undefined}>
          {problem ?? `Up to ${MAX_CHANGE_REQUEST_LENGTH} characters (${typed.trim().length} so far).`}
        </p>
      </form>

      <OutputChoices scale={scale} level={session.level} onLevel={actions.setLevel} disabled={busy}>
        {rewrite && (
          <button type="button" className="button" disabled={busy} onClick={() => send(rewrite)}>
            <Icon name="translate" />
            <span>{rewrite.label}</span>
          </button>
        )}
      </OutputChoices>

    </div>
  );
}
