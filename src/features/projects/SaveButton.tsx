import { useEffect, useState } from 'react';
import { messageOf } from '../../kernel/messages';
import type { NewArtifact } from './schema';
import { useProjects } from './projectsState';
import { Icon } from '../../ui/Icon';
import { SAVE_CONFIRMATION_MS } from '../../ui/timing';
import { useTimedFlag } from '../../ui/useTimedFlag';

interface SaveButtonProps {
  projectId: string;
  /** What is saved: the result shown, with what it was asked for and any quiz attempts. */
  artifact: NewArtifact;
  /** Starts as 'Saved!': the result was just saved from the save panel, which made this project active. */
  savedAlready?: boolean;
}

/** Spec 4: normal, then 'Saved!' with a check for 2.5 s, disabled meanwhile. */
export function SaveButton({ projectId, artifact, savedAlready = false }: SaveButtonProps) {
  const saveArtifact = useProjects((s) => s.saveArtifact);
  const [saved, confirm] = useTimedFlag(SAVE_CONFIRMATION_MS);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (savedAlready) confirm();
  }, [savedAlready, confirm]);

  function save() {
    try {
      // A project deleted meanwhile is skipped silently (spec 8).
      if (saveArtifact(projectId, artifact)) confirm();
      setError(null);
    } catch (failure) {
      setError(messageOf(failure)); // The result stays on screen: nothing is lost.
    }
  }

  return (
    <>
      <button type="button" className="button button-primary" onClick={save} disabled={saved}>
        <Icon name={saved ? 'check' : 'bookmark_add'} />
        <span>{saved ? 'Saved!' : 'Save to Project'}</span>
      </button>
      {error && <p className="inline-error" role="alert">{error}</p>}
    </>
  );
}
