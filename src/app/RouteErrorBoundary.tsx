import { Component, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { loadArtifacts, useProjects, type Project } from '../state/projects';
import { ErrorBox } from '../ui/ErrorBox';
import { Icon } from '../ui/Icon';
import { DeleteProjectConfirm } from './ui/DeleteProject';
import { NoticeBar } from './ui/NoticeBar';

/*
 * A page that throws while rendering takes down only itself: the shell
 * (sidebar, header) stays, the page shows spec 8's error box, and on a project
 * page the project can still be deleted, so no stored data can lock a person
 * out of their own project. App keys the boundary by location, so going to
 * another page (a link, or the address bar) starts afresh.
 *
 * This module is in the first load, unlike the pages: the fallback must work
 * even when what failed is a page's own code. So does the project deletion
 * it shares with the project page and the Projects list (ui/DeleteProject.tsx).
 */

function errorDetail(error: Error): string {
  return error.message || error.name;
}

/** Deleting the project whose page failed, with the project page's confirmation and Undo. */
function DeleteBrokenProject({ project }: { project: Project }) {
  const [confirming, setConfirming] = useState(false);
  const [, navigate] = useLocation();
  const deleteRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      {!confirming && (
        <button ref={deleteRef} type="button" className="button button-danger-quiet" onClick={() => setConfirming(true)}>
          <Icon name="delete" />
          <span>Delete this project</span>
        </button>
      )}
      {confirming && (
        <DeleteProjectConfirm
          project={project}
          // Reading items does not render them, so it is safe where rendering failed.
          itemCount={loadArtifacts(project.id).length}
          // As from the project page: on to Projects, where the notice offers Undo.
          onDeleted={() => navigate('/projects')}
          onCancel={() => {
            flushSync(() => setConfirming(false));
            deleteRef.current?.focus();
          }}
        />
      )}
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
