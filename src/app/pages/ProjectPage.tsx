import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { findTool, loadTool } from '../../engine/catalogue';
import type { ContractSchema } from '../../engine/contractSchema';
import { messages } from '../../engine/messages';
import { exportFileName, projectExportJson, projectMarkdown } from '../../engine/projectFile';
import { MAX_ITEM_DEPTH, nestedDeeperThan, prettyJson } from '../../engine/resultText';
import { loadArtifacts, useProjects, type Artifact, type Project } from '../../state/projects';
import { DeleteProjectConfirm } from '../ui/DeleteProject';
import { ConfirmPanel } from '../ui/ConfirmPanel';
import { CopyButton } from '../ui/CopyButton';
import { downloadText } from '../ui/download';
import { NoticeBar, UNDO_BUTTON_ID } from '../ui/NoticeBar';
import { useNotices } from '../ui/notices';
import { projectErrorMessage } from '../ui/projectErrors';
import { ErrorBox } from '../../ui/ErrorBox';
import { Icon } from '../../ui/Icon';
import { formatDate, formatDateTime } from '../ui/formatDate';

/** Spec 2: content as text, JSON pretty-printed when it is not a string (cut off where stored data nests too deep to show). */
function artifactText(artifact: Artifact): string {
  return typeof artifact.data === 'string' ? artifact.data : prettyJson(artifact.data);
}

/** Imports refuse such data, but storage can hold it (another version, another tab): the page says so instead of failing. */
function tooDeepToShow(artifact: Artifact): boolean {
  return typeof artifact.data === 'object' && nestedDeeperThan(artifact.data, MAX_ITEM_DEPTH);
}

const tooDeepMessage = `This item is nested more than ${MAX_ITEM_DEPTH} levels deep, deeper than any StudyForge result, so it is cut off below. Delete it if you do not need it.`;

function toolTitleOf(artifact: Artifact): string {
  return artifact.toolTitle ?? findTool(artifact.toolId)?.title ?? artifact.toolId;
}

export function artifactHeadingId(artifactId: string): string {
  return `artifact-${artifactId}`;
}

function ArtifactItem({ projectId, artifact }: { projectId: string; artifact: Artifact }) {
  const tool = findTool(artifact.toolId);
  const title = toolTitleOf(artifact);
  const text = useMemo(() => artifactText(artifact), [artifact]);
  const tooDeep = useMemo(() => tooDeepToShow(artifact), [artifact]);
  const when = formatDateTime(artifact.createdAt);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);

  function remove() {
    try {
      const deleted = useProjects.getState().deleteArtifact(projectId, artifact.id);
      if (!deleted) return; // Already gone (another tab): the list re-reads.
      flushSync(() => {
        useNotices.getState().show({
          message: `Deleted the ${title} item saved ${when}.`,
          undo: () => (useProjects.getState().restoreArtifact(deleted) ? artifactHeadingId(artifact.id) : null),
          undoneMessage: `Restored the ${title} item.`,
        });
      });
      // This item is gone: focus goes to the Undo that can bring it back.
      document.getElementById(UNDO_BUTTON_ID)?.focus();
    } catch (failure) {
      setError(projectErrorMessage(failure, 'delete'));
    }
  }

  return (
    <li className="card artifact">
      <header className="artifact-header">
        <Icon name={tool?.icon ?? 'auto_awesome'} className="artifact-icon" />
        <div className="artifact-heading">
          <h2 className="artifact-title" id={artifactHeadingId(artifact.id)} tabIndex={-1}>{title}</h2>
          <time dateTime={artifact.createdAt}>{when}</time>
        </div>
        <div className="artifact-actions">
          <CopyButton text={text} />
          {!confirming && (
            <button ref={deleteRef} type="button" className="button button-quiet" onClick={() => setConfirming(true)}>
              <Icon name="delete" />
              <span>Delete</span>
              <span className="visually-hidden"> {title} item saved {when}</span>
            </button>
          )}
        </div>
      </header>
      {confirming && (
        <ConfirmPanel
          question={`Delete this ${title} item?`}
          detail="You can undo this for a few seconds afterwards."
          confirmLabel="Yes, delete"
          onConfirm={remove}
          onCancel={() => {
            flushSync(() => setConfirming(false));
            deleteRef.current?.focus();
          }}
        />
      )}
      {error && <p className="inline-error" role="alert">{error}</p>}
      {tooDeep && <ErrorBox message={tooDeepMessage} />}
      {/* A long item scrolls inside its box, so the box takes focus: arrow keys can scroll it too. */}
      <pre className="artifact-content" tabIndex={0} role="region" aria-label={`${title} item, saved ${when}`}>{text}</pre>
    </li>
  );
}

function RenameForm({ project, onDone }: { project: Project; onDone(renamed: boolean): void }) {
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const blank = name.trim() === '';

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (blank) return;
    try {
      const renamed = useProjects.getState().renameProject(project.id, name);
      if (renamed) useNotices.getState().show({ message: `Renamed the project to \u201c${renamed.name}\u201d.` });
      onDone(renamed !== null);
    } catch (failure) {
      setError(projectErrorMessage(failure, 'rename'));
    }
  }

  return (
    <form
      className="card rename-form"
      aria-label="Rename project"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone(false);
      }}
    >
      <div className="inline-form">
        <div className="field grow">
          <label htmlFor={inputId}>Project name</label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            required
            aria-required
            aria-invalid={blank || undefined}
            aria-describedby={blank ? `${inputId}-error` : undefined}
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={blank}>
          <Icon name="check" />
          <span>Save name</span>
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>Cancel</button>
      </div>
      {blank && <p id={`${inputId}-error`} className="field-error">A project needs a name.</p>}
      {error && <p className="inline-error" role="alert">{error}</p>}
    </form>
  );
}

/** The result schemas of the tools in a project, for readable labels in the Markdown export. */
async function schemasFor(artifacts: readonly Artifact[]): Promise<Map<string, ContractSchema>> {
  const schemas = new Map<string, ContractSchema>();
  const ids = [...new Set(artifacts.filter((a) => typeof a.data !== 'string').map((a) => a.toolId))];
  // Loaded on demand: schema conversion brings zod's full API, which opening a project does not need.
  const { toContractSchema } = await import('../../engine/contractSchema');
  await Promise.all(
    ids.map(async (id) => {
      try {
        const tool = await loadTool(id);
        if (tool.result !== 'markdown') schemas.set(id, toContractSchema(tool.result));
      } catch {
        // A retired tool or a failed load: its keys are humanized instead.
      }
    }),
  );
  return schemas;
}

function ExportButtons({ project, artifacts, onError }: { project: Project; artifacts: Artifact[]; onError(message: string | null): void }) {
  const [busy, setBusy] = useState(false);

  function exportJson() {
    // JSON.stringify overflows the stack on such data; and no import would read the file back.
    if (artifacts.some(tooDeepToShow)) {
      onError(`Could not export as JSON: a saved item is nested more than ${MAX_ITEM_DEPTH} levels deep. Delete it first, or export as Markdown.`);
      return;
    }
    onError(null);
    const fileName = exportFileName(project.name, 'json');
    downloadText(fileName, projectExportJson(project, artifacts), 'application/json');
    useNotices.getState().show({ message: `Exported ${fileName}.` });
  }

  async function exportMarkdown() {
    setBusy(true);
    try {
      const schemas = await schemasFor(artifacts);
      const fileName = exportFileName(project.name, 'md');
      const text = projectMarkdown(project, artifacts, {
        toolTitle: (id) => findTool(id)?.title,
        schemaFor: (id) => schemas.get(id),
        formatDate: formatDateTime,
      });
      downloadText(fileName, text, 'text/markdown');
      useNotices.getState().show({ message: `Exported ${fileName}.` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button" onClick={exportJson}>
        <Icon name="download" />
        <span>Export as JSON</span>
      </button>
      <button type="button" className="button" onClick={() => void exportMarkdown()} disabled={busy} aria-busy={busy || undefined}>
        <Icon name="download" />
        <span>Export as Markdown</span>
      </button>
    </>
  );
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
  const [, navigate] = useLocation();
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);

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
      {artifacts.length === 0 ? (
        <div className="card empty-state">
          <p>Nothing saved here yet. Open any tool, generate a result, and use 'Save to Project' to keep it in this project.</p>
          <p><Link href="/dashboard" className="button button-primary">Browse tools on the Dashboard</Link></p>
        </div>
      ) : (
        <ArtifactList projectId={project.id} projectName={project.name} artifacts={artifacts} />
      )}
    </article>
  );
}

/** Items shown at first, and added per "Show more": a project with a year of work still opens at once. */
export const ARTIFACTS_PER_PAGE = 50;

function ArtifactList({ projectId, projectName, artifacts }: { projectId: string; projectName: string; artifacts: readonly Artifact[] }) {
  const [shown, setShown] = useState(ARTIFACTS_PER_PAGE);
  const firstNewRef = useRef<string | null>(null);
  const visible = artifacts.slice(0, shown);
  const remaining = artifacts.length - visible.length;

  useEffect(() => {
    // After "Show more", move on to the first newly shown item, so keyboard users continue from there.
    if (firstNewRef.current) document.getElementById(artifactHeadingId(firstNewRef.current))?.focus();
    firstNewRef.current = null;
  }, [shown]);

  return (
    <>
      <ol className="artifact-list" aria-label={`Saved items in ${projectName}`}>
        {visible.map((artifact) => <ArtifactItem key={artifact.id} projectId={projectId} artifact={artifact} />)}
      </ol>
      {remaining > 0 && (
        <p className="show-more">
          <button
            type="button"
            className="button"
            onClick={() => {
              firstNewRef.current = artifacts[shown]?.id ?? null;
              setShown((n) => n + ARTIFACTS_PER_PAGE);
            }}
          >
            Show {Math.min(remaining, ARTIFACTS_PER_PAGE)} more ({remaining} older {remaining === 1 ? 'item' : 'items'} not shown)
          </button>
        </p>
      )}
    </>
  );
}

export { projectLinkId } from '../ui/DeleteProject';
