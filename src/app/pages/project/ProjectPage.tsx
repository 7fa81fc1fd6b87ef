import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { loadArtifacts, loadProjectFile, useProjects } from '../../../features/projects';
import { DeleteProjectConfirm } from '../projects/DeleteProject';
import { NoticeBar } from '../../../ui/NoticeBar';
import { Icon } from '../../../ui/Icon';
import { formatDate } from '../../../ui/formatDate';
import { ArtifactList, toolTitleOf } from './ArtifactList';
import { FindItems } from './FindItems';
import { findArtifacts, toolsIn, type ArtifactQuery } from './findArtifacts';
import { ExportButtons } from './ExportButtons';
import { loadStudySection } from '../../../features/study';
import { RenameForm } from './RenameForm';
import { ProjectNotFound } from './ProjectNotFound';

// The flashcards and their scheduler load after the page, and only matter for a project holding cards.
const StudySection = lazy(loadStudySection);

/** Paints without more code; the project file's code (an export or import) is fetched meanwhile, before a button needs it. */
export function preloadParts(): Promise<unknown> {
  loadProjectFile().catch(() => undefined);
  return Promise.resolve();
}

export function ProjectPage({ projectId }: { projectId: string }) {
  const project = useProjects((s) => s.projects.find((p) => p.id === projectId));
  const isActive = useProjects((s) => s.activeProjectId === projectId);
  const version = useProjects((s) => s.artifactsVersion);
  // Re-read when any save happens (version) so the list is never stale.
  const artifacts = useMemo(() => (project ? loadArtifacts(project.id) : []), [project, version]);
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asText, setAsText] = useState(false);
  const [query, setQuery] = useState<ArtifactQuery>({ text: '', toolId: '' });
  const found = useMemo(() => findArtifacts(artifacts, query, toolTitleOf), [artifacts, query]);
  const toolsHere = useMemo(() => toolsIn(artifacts, toolTitleOf), [artifacts]);
  const [, navigate] = useLocation();
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);

  if (!project) return <ProjectNotFound projectId={projectId} />;

  return (
    <article className="page">
      <header className="project-header">
        <div>
          <h1 className="page-title" tabIndex={-1}>
            <Icon name="folder_open" className="page-title-icon" />
            {project.name}
          </h1>
          <p className="lede">Created {formatDate(project.createdAt)} · {artifacts.length} saved {artifacts.length === 1 ? 'item' : 'items'}</p>
        </div>
        {isActive ? (
          <span className="badge badge-large">Active project</span>
        ) : (
          <button type="button" className="button" onClick={() => useProjects.getState().setActiveProject(project.id)}>
            Make active project
          </button>
        )}
      </header>
      <div className="project-actions" role="group" aria-label="Project actions">
        {!renaming && (
          <button ref={renameRef} type="button" className="button" onClick={() => setRenaming(true)}>
            <Icon name="edit" />
            <span>Rename</span>
          </button>
        )}
        <ExportButtons project={project} artifacts={artifacts} onError={setError} />
        {!confirmingDelete && (
          <button ref={deleteRef} type="button" className="button button-danger-quiet" onClick={() => setConfirmingDelete(true)}>
            <Icon name="delete" />
            <span>Delete project</span>
          </button>
        )}
      </div>
      {renaming && (
        <RenameForm
          project={project}
          onDone={() => {
            flushSync(() => setRenaming(false));
            renameRef.current?.focus();
          }}
        />
      )}
      {confirmingDelete && (
        <DeleteProjectConfirm
          project={project}
          itemCount={artifacts.length}
          // Focus goes to the Projects heading (as on every page change); Undo is the next stop.
          onDeleted={() => navigate('/projects')}
          onCancel={() => {
            flushSync(() => setConfirmingDelete(false));
            deleteRef.current?.focus();
          }}
        />
      )}
      {error && <p className="inline-error" role="alert">{error}</p>}
      <NoticeBar />
      {artifacts.length > 0 && (
        <Suspense fallback={null}>
          <StudySection projectId={project.id} />
        </Suspense>
      )}
      {artifacts.length === 0 ? (
        <div className="card empty-state">
          <p>Nothing saved here yet. Open any tool, generate a result, and use 'Save to Project' to keep it in this project.</p>
          <p><Link href="/dashboard" className="button button-primary">Browse tools on the Dashboard</Link></p>
        </div>
      ) : (
        <>
          <FindItems query={query} onChange={setQuery} tools={toolsHere} found={found.length} total={artifacts.length} />
          <p className="artifact-view-switch">
            <button type="button" className="button button-quiet" aria-pressed={asText} onClick={() => setAsText((t) => !t)}>
              <Icon name="notes" />
              <span>Show items as text</span>
            </button>
          </p>
          {found.length === 0 ? (
            <p className="card empty-state">No saved item matches. Clear the search or choose All tools.</p>
          ) : (
            <ArtifactList projectId={project.id} projectName={project.name} artifacts={found} asText={asText} />
          )}
        </>
      )}
    </article>
  );
}

export { ARTIFACTS_PER_PAGE, artifactHeadingId } from './ArtifactList';
export { projectLinkId } from '../projects/DeleteProject';
