import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { messageOf } from '../../kernel/messages';
import type { NewArtifact } from './schema';
import { loadArtifacts, useProjects } from './projectsState';
import { savedResultIn } from './savedResult';
import { Icon } from '../../ui/Icon';
import { projectPath } from '../../ui/paths';
import { SAVE_CONFIRMATION_MS } from '../../ui/timing';
import { useTimedFlag } from '../../ui/useTimedFlag';
import './saveNote.css';

interface SaveButtonProps {
  projectId: string;
  /** What is saved: the result shown, with what it was asked for and any quiz attempts. */
  artifact: NewArtifact;
  /** Starts as 'Saved!': the result was just saved from the save panel, which made this project active. */
  savedAlready?: boolean;
}

/**
 * Spec 4: normal, then 'Saved!' with a check for 2.5 s, disabled meanwhile.
 * A result already in the project reads "Update saved item": saving it again
 * replaces that item (say, with the quiz attempts made since) instead of
 * adding a copy. Another result, or another version of this one, is saved as
 * a new item, so nothing saved before is replaced unasked. Once saved, a note
 * says where, with a link to the project.
 */
export function SaveButton({ projectId, artifact, savedAlready = false }: SaveButtonProps) {
  const saveArtifact = useProjects((s) => s.saveArtifact);
  const projectName = useProjects((s) => s.projects.find((p) => p.id === projectId)?.name);
  const version = useProjects((s) => s.artifactsVersion);
  // Re-read on every save anywhere (this tab or another): a deleted item makes this a new save again.
  const savedItem = useMemo(() => savedResultIn(loadArtifacts(projectId), artifact.resultId), [projectId, artifact.resultId, version]);
  const [saved, confirm] = useTimedFlag(SAVE_CONFIRMATION_MS);
  const [savedHere, setSavedHere] = useState(savedAlready);
  const [error, setError] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!savedAlready) return;
    confirm();
    // The save panel that had focus is gone: the note saying where the result went takes it.
    noteRef.current?.focus();
  }, [savedAlready, confirm]);

  function save() {
    try {
      // A project deleted meanwhile is skipped silently (spec 8).
      if (saveArtifact(projectId, artifact)) {
        confirm();
        setSavedHere(true);
      }
      setError(null);
    } catch (failure) {
      setError(messageOf(failure)); // The result stays on screen: nothing is lost.
    }
  }

  const label = saved ? 'Saved!' : savedItem ? 'Update saved item' : 'Save to Project';
  return (
    <>
      <button type="button" className="button button-primary" onClick={save} disabled={saved}>
        <Icon name={saved ? 'check' : 'bookmark_add'} />
        <span>{label}</span>
      </button>
      <p ref={noteRef} className="hint save-note" role="status" tabIndex={-1}>
        {savedHere && savedItem && projectName !== undefined && (
          <>
            Saved to “{projectName}” ·{' '}
            {/* "Open" says what it opens in its sentence (WCAG 2.4.4, link purpose in context). */}
            <Link href={projectPath(projectId)}>Open</Link>
            {savedAlready && ', now the active project: later saves go there too.'}
          </>
        )}
      </p>
      {error && <p className="inline-error" role="alert">{error}</p>}
    </>
  );
}
