import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { messageOf } from '../../../kernel/messages';
import { useProjects } from '../../../features/projects';
import { Icon } from '../../../ui/Icon';
import { deleteAllData } from './deleteAllData';
import { exportAllProjects } from './exportAllProjects';

export const deletedAllMessage = 'All your StudyForge data in this browser was deleted.';

type Outcome = { status: string } | { error: string } | null;

/**
 * The danger zone: "Delete all my data" opens an in-page confirmation (as
 * deleting a project does) that offers the export first; Escape or Cancel
 * closes it and returns focus to the button that opened it.
 */
export function DeleteAllData({ onDeleted }: { onDeleted(): void }) {
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  function close() {
    flushSync(() => setConfirming(false));
    openRef.current?.focus();
  }

  return (
    <section className="card danger-zone" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Delete all my data</h2>
      <p className="hint">
        Removes everything StudyForge keeps in this browser: your projects and saved results, what you typed into tools,
        study progress, recent tools, and these settings, including your own AI key. It cannot be undone.
      </p>
      {!confirming && (
        <button
          ref={openRef}
          type="button"
          className="button button-danger"
          onClick={() => {
            setOutcome(null);
            setConfirming(true);
          }}
        >
          <Icon name="delete" />
          <span>Delete all my data</span>
        </button>
      )}
      {confirming && (
        <DeleteAllPanel
          onCancel={close}
          onDone={(result) => {
            if ('status' in result) onDeleted();
            setOutcome(result);
            close();
          }}
        />
      )}
      {outcome && 'status' in outcome && <p className="hint" role="status">{outcome.status}</p>}
      {outcome && 'error' in outcome && <p className="inline-error" role="alert">{outcome.error}</p>}
    </section>
  );
}

function DeleteAllPanel({ onCancel, onDone }: { onCancel(): void; onDone(outcome: NonNullable<Outcome>): void }) {
  const projectCount = useProjects((s) => s.projects.length);
  const [exported, setExported] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const exportRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  // Focus moves into the panel: to the export it offers first, or to Cancel when there is nothing to export.
  useEffect(() => (exportRef.current ?? cancelRef.current)?.focus(), []);

  async function exportFirst() {
    if (busy) return;
    setBusy(true);
    try {
      const { fileName, count } = await exportAllProjects();
      setExported({ status: `Exported ${count === 1 ? 'your project' : `all ${count} projects`} to ${fileName}.` });
    } catch (failure) {
      setExported({ error: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function deleteEverything() {
    if (busy) return;
    setBusy(true);
    try {
      await deleteAllData();
      onDone({ status: deletedAllMessage });
    } catch (failure) {
      onDone({ error: messageOf(failure) });
    }
  }

  return (
    <div
      className="confirm-panel"
      role="group"
      aria-labelledby={`${id}-question`}
      aria-describedby={`${id}-detail`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <div role="alert">
        <p id={`${id}-question`} className="confirm-question">Delete all your StudyForge data in this browser?</p>
        <p id={`${id}-detail`} className="confirm-detail">
          {projectCount === 0
            ? 'You have no projects to export. '
            : `Export ${projectCount === 1 ? 'your project first to keep it' : `your ${projectCount} projects first to keep them`}: one file holds them all. `}
          Close StudyForge in your other tabs first, or they may save again what they show.
        </p>
      </div>
      <div className="confirm-actions">
        {projectCount > 0 && (
          // aria-disabled, not disabled, while busy: a disabled button would drop the keyboard user's focus.
          <button ref={exportRef} type="button" className="button" onClick={() => void exportFirst()} aria-disabled={busy || undefined}>
            <Icon name="download" />
            <span>Export all projects first</span>
          </button>
        )}
        <button type="button" className="button button-danger" onClick={() => void deleteEverything()} aria-disabled={busy || undefined}>
          <Icon name="delete" />
          <span>Delete everything</span>
        </button>
        <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {exported && 'status' in exported && <p className="hint" role="status">{exported.status}</p>}
      {exported && 'error' in exported && <p className="inline-error" role="alert">{exported.error}</p>}
    </div>
  );
}
