import type { Ref, RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { RefineActions, RefineSession } from './refineSession';
import type { ChangeRequest } from './changeRequests';
import { ErrorBox } from '../../ui/ErrorBox';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { focusInView } from '../../ui/inView';

interface RefineProgressProps {
  session: RefineSession;
  actions: RefineActions;
  /** Cancel, which takes focus as a change starts (the refine bar's buttons are disabled meanwhile). */
  cancelRef: RefObject<HTMLButtonElement | null>;
  /** The error of a failed change, which takes focus when it ends one. */
  errorRef: Ref<HTMLDivElement>;
  /** Gives focus to the version shown (when the control that had it goes). */
  focusVersion(): void;
}

/**
 * How a change to the result is going, beside the version bar where the new
 * version will appear: its progress and Cancel while it is on its way, why it
 * failed, or that a reload cut it short, with Run it again.
 */
export function RefineProgress({ session, actions, cancelRef, errorRef, focusVersion }: RefineProgressProps) {
  const refining = session.status === 'refining';
  const interrupted = session.status === 'idle' ? session.interrupted : null;
  const runAgain = (change: ChangeRequest) => {
    let request: Promise<void> = Promise.resolve();
    // Cancel is on screen before focus moves, so it can take it from Run it again (which goes).
    flushSync(() => {
      request = actions.refine(change);
    });
    focusInView(cancelRef.current);
    void request;
  };
  return (
    <>
      {refining && (
        <div className="refine-status" role="status">
          <Spinner />
          <span>Working on your change{session.pendingChange ? `: ${session.pendingChange.label}` : ''}…</span>
          <button ref={cancelRef} type="button" className="button" onClick={() => actions.cancel()}>
            <Icon name="close" />
            <span>Cancel</span>
          </button>
        </div>
      )}
      {session.refineError && session.status === 'idle' && <ErrorBox ref={errorRef} message={session.refineError} />}
      {interrupted && (
        <div className="refine-interrupted">
          <p>
            Your change “{interrupted.label}” was not finished: the page was reloaded or closed while it was on its way.
          </p>
          <div className="refine-interrupted-actions">
            <button type="button" className="button button-primary" onClick={() => runAgain(interrupted)}>
              <Icon name="replay" />
              <span>Run it again</span>
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                flushSync(() => actions.dismissInterrupted());
                focusVersion();
              }}
            >
              Dismiss
            </button>
          </div>
        </div>
      )}
    </>
  );
}
