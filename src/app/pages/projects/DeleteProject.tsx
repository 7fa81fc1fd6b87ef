import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useProjects, type Project, projectErrorMessage } from '../../../features/projects';
import { ConfirmPanel } from '../../../ui/ConfirmPanel';
import { UNDO_BUTTON_ID } from '../../../ui/NoticeBar';
import { useNotices } from '../../../ui/notices';

/*
 * Deleting a project, the same everywhere it is offered (the project page,
 * the Projects list, and the error fallback of a project page that cannot be
 * shown): one question naming what goes with it, Undo for a few seconds, and
 * storage's refusal shown in place.
 */

/** The id of a project's link on the Projects page, where focus goes after Undo brings the project back. */
export function projectLinkId(projectId: string): string {
  return `project-link-${projectId}`;
}

/**
 * Deletes a project and shows the notice with Undo. Returns whether it was
 * deleted (false: it was already gone, say in another tab); throws when
 * storage refuses the change.
 */
export function deleteProjectWithUndo(project: Project): boolean {
  const deleted = useProjects.getState().deleteProject(project.id);
  if (!deleted) return false;
  const count = deleted.artifacts.length;
  useNotices.getState().show({
    message: `Deleted \u201c${project.name}\u201d${count > 0 ? ` and its ${count} saved ${count === 1 ? 'item' : 'items'}` : ''}.`,
    undo: () => {
      useProjects.getState().restoreProject(deleted);
      return projectLinkId(deleted.project.id);
    },
    undoneMessage: `Restored \u201c${project.name}\u201d.`,
  });
  return true;
}

/** The question a project's deletion asks first, with what goes with it. */
export function deleteProjectQuestion(project: Project, itemCount: number): string {
  return `Delete \u201c${project.name}\u201d and its ${itemCount} saved ${itemCount === 1 ? 'item' : 'items'}?`;
}

export const DELETE_PROJECT_DETAIL = 'You can undo this for a few seconds afterwards. Export it first to keep a copy.';

interface DeleteProjectConfirmProps {
  project: Project;
  /** How many saved items go with it (read without rendering them). */
  itemCount: number;
  /** After the deletion (say, leave the deleted project's page). */
  onDeleted?(): void;
  /** Move focus to the notice's Undo: where the deleted project's row was, nothing else would hold it. */
  focusUndo?: boolean;
  onCancel(): void;
}

/** The confirmation panel that deletes a project, and the error when storage refuses. */
export function DeleteProjectConfirm({ project, itemCount, onDeleted, focusUndo = false, onCancel }: DeleteProjectConfirmProps) {
  const [error, setError] = useState<string | null>(null);

  function remove() {
    try {
      if (focusUndo) {
        // Rendered at once, so the notice's Undo is there to take focus.
        flushSync(() => deleteProjectWithUndo(project));
        document.getElementById(UNDO_BUTTON_ID)?.focus();
      } else {
        deleteProjectWithUndo(project);
      }
      onDeleted?.();
    } catch (failure) {
      setError(projectErrorMessage(failure, 'delete'));
    }
  }

  return (
    <>
      <ConfirmPanel
        question={deleteProjectQuestion(project, itemCount)}
        detail={DELETE_PROJECT_DETAIL}
        confirmLabel="Yes, delete project"
        onConfirm={remove}
        onCancel={onCancel}
      />
      {error && <p className="inline-error" role="alert">{error}</p>}
    </>
  );
}
