import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { loadArtifacts, useProjects, type Project } from '../../../features/projects';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Icon } from '../../../ui/Icon';
import { DeleteProjectConfirm } from './DeleteProject';
import { NoticeBar } from '../../../ui/NoticeBar';
import { errorDetail } from '../../../ui/errorDetail';
import { pageNames, routes } from '../../../ui/routes';

/*
 * A project page that failed to render (the app's route error boundary): the project
 * can still be deleted, so no stored data can lock a person out of their own
 * project. Loaded when a project page fails, not with every page:
 * the project page imports the same deletion code (./DeleteProject.tsx and
 * ui/NoticeBar.tsx), so that code is here already when its render fails.
 */

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
          onDeleted={() => navigate(routes.projects)}
          onCancel={() => {
            flushSync(() => setConfirming(false));
            deleteRef.current?.focus();
          }}
        />
      )}
    </>
  );
}

export function BrokenProject({ project, error }: { project: Project; error: Error }) {
  return (
    <article className="page narrow">
      <h1 className="page-title" tabIndex={-1}>{project.name}</h1>
      <ErrorBox message="This project could not be shown: something saved in it cannot be displayed. You can delete the project, or go back to your projects.">
        <p className="field-help">Details: {errorDetail(error)}</p>
      </ErrorBox>
      <NoticeBar />
      <div className="project-actions" role="group" aria-label="Project actions">
        <DeleteBrokenProject project={project} />
        <Link href={routes.projects} className="button">Back to {pageNames.projects}</Link>
      </div>
    </article>
  );
}

/** A failed project page's fallback, by the project's id: the project's own, or `otherwise` where no project has that id. */
export function BrokenProjectById({ projectId, error, otherwise }: { projectId: string; error: Error; otherwise: ReactNode }) {
  const project = useProjects((s) => s.projects.find((p) => p.id === projectId));
  return project ? <BrokenProject project={project} error={error} /> : otherwise;
}
