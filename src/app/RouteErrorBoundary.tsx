import { Component, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { loadArtifacts, useProjects, type Project } from '../engine/stores/projects';
import { ErrorBox } from '../ui/ErrorBox';
import { Icon } from '../ui/Icon';
import { ConfirmPanel } from './ui/ConfirmPanel';
import { NoticeBar } from './ui/NoticeBar';
import { useNotices } from './ui/notices';
import { projectErrorMessage } from './ui/projectErrors';

/*
 * A page that throws while rendering takes down only itself: the shell
 * (sidebar, header) stays, the page shows spec 8's error box, and on a project
 * page the project can still be deleted, so no stored data can lock a person
 * out of their own project. App keys the boundary by location, so going to
 * another page (a link, or the address bar) starts afresh.
 *
 * This module is in the first load, unlike the pages: the fallback must work
 * even when what failed is a page's own code. So the project deletion that
 * the project page, the Projects list and this fallback share lives here.
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

function errorDetail(error: Error): string {
  return error.message || error.name;
}

/** Deleting the project whose page failed, with the project page's confirmation and Undo. */
function DeleteBrokenProject({ project }: { project: Project }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const deleteRef = useRef<HTMLButtonElement>(null);
  // Reading items does not render them, so it is safe where rendering failed.
  const itemCount = loadArtifacts(project.id).length;

  function remove() {
    try {
      deleteProjectWithUndo(project);
      // As from the project page: on to Projects, where the notice offers Undo.
      navigate('/projects');
    } catch (failure) {
      setError(projectErrorMessage(failure, 'delete'));
    }
  }

  return (
    <>
      {!confirming && (
        <button ref={deleteRef} type="button" className="button button-danger-quiet" onClick={() => setConfirming(true)}>
          <Icon name="delete" />
          <span>Delete this project</span>
        </button>
      )}
      {confirming && (
        <ConfirmPanel
          question={deleteProjectQuestion(project, itemCount)}
          detail={DELETE_PROJECT_DETAIL}
          confirmLabel="Yes, delete project"
          onConfirm={remove}
          onCancel={() => {
            flushSync(() => setConfirming(false));
            deleteRef.current?.focus();
          }}
        />
      )}
      {error && <p className="inline-error" role="alert">{error}</p>}
    </>
  );
}

function RouteFailure({ error, projectId }: { error: Error; projectId: string | undefined }) {
  const project = useProjects((s) => (projectId === undefined ? undefined : s.projects.find((p) => p.id === projectId)));

  if (project) {
    return (
      <article className="page narrow">
        <h1 className="page-title" tabIndex={-1}>{project.name}</h1>
        <ErrorBox message="This project could not be shown: something saved in it cannot be displayed. You can delete the project, or go back to your projects.">
          <p className="field-help">Details: {errorDetail(error)}</p>
        </ErrorBox>
        <NoticeBar />
        <div className="project-actions" role="group" aria-label="Project actions">
          <DeleteBrokenProject project={project} />
          <Link href="/projects" className="button">Back to Projects</Link>
        </div>
      </article>
    );
  }

  return (
    <article className="page narrow">
      <h1 className="page-title" tabIndex={-1}>This page could not be shown</h1>
      <ErrorBox message="Something on this page failed to display. The rest of StudyForge still works: choose another page in the menu.">
        <p className="field-help">Details: {errorDetail(error)}</p>
      </ErrorBox>
      <p>
        <Link href={projectId === undefined ? '/dashboard' : '/projects'} className="button">
          {projectId === undefined ? 'Go to the Dashboard' : 'Back to Projects'}
        </Link>
      </p>
    </article>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** Set on a project's page: the fallback then offers to delete that project. */
  projectId?: string;
}

export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[route] this page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <RouteFailure error={this.state.error} projectId={this.props.projectId} /> : this.props.children;
  }
}
