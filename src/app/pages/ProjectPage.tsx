import { useMemo } from 'react';
import { Link } from 'wouter';
import { findTool } from '../../engine/catalogue';
import { messages } from '../../engine/messages';
import { loadArtifacts, useProjects, type Artifact } from '../../engine/stores/projects';
import { CopyButton } from '../ui/CopyButton';
import { ErrorBox } from '../../ui/ErrorBox';
import { Icon } from '../../ui/Icon';
import { formatDate, formatDateTime } from '../ui/formatDate';

/** Spec 2: content as text, JSON pretty-printed when it is not a string. */
function artifactText(artifact: Artifact): string {
  return typeof artifact.data === 'string' ? artifact.data : JSON.stringify(artifact.data, null, 2);
}

function ArtifactItem({ artifact }: { artifact: Artifact }) {
  const tool = findTool(artifact.toolId);
  const title = artifact.toolTitle ?? tool?.title ?? artifact.toolId;
  const text = artifactText(artifact);
  return (
    <li className="card artifact">
      <header className="artifact-header">
        <Icon name={tool?.icon ?? 'auto_awesome'} className="artifact-icon" />
        <div className="artifact-heading">
          <h2 className="artifact-title">{title}</h2>
          <time dateTime={artifact.createdAt}>{formatDateTime(artifact.createdAt)}</time>
        </div>
        <CopyButton text={text} />
      </header>
      <pre className="artifact-content">{text}</pre>
    </li>
  );
}

export function ProjectPage({ projectId }: { projectId: string }) {
  const project = useProjects((s) => s.projects.find((p) => p.id === projectId));
  const isActive = useProjects((s) => s.activeProjectId === projectId);
  const version = useProjects((s) => s.artifactsVersion);
  // Re-read when any save happens (version) so the list is never stale.
  const artifacts = useMemo(() => (project ? loadArtifacts(project.id) : []), [project, version]);

  if (!project) {
    return (
      <article className="page narrow">
        <h1 className="page-title" tabIndex={-1}>Project not found</h1>
        <ErrorBox message={messages.projectNotFound(projectId)} />
        <p><Link href="/projects" className="button">Back to Projects</Link></p>
      </article>
    );
  }

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
      {artifacts.length === 0 ? (
        <div className="card empty-state">
          <p>Nothing saved here yet. Open any tool, generate a result, and use 'Save to Project' to keep it in this project.</p>
          <p><Link href="/dashboard" className="button button-primary">Browse tools on the Dashboard</Link></p>
        </div>
      ) : (
        <ol className="artifact-list" aria-label={`Saved items in ${project.name}`}>
          {artifacts.map((artifact) => <ArtifactItem key={artifact.id} artifact={artifact} />)}
        </ol>
      )}
    </article>
  );
}
