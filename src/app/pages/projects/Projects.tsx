import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { MAX_PROJECT_NAME_LENGTH, loadArtifacts, loadProjectFile, newestFirst, projectErrorMessage, useProjects, type ImportOutcome, type Project } from '../../../features/projects';
import { useFavourites, useRecentTools } from '../../../features/favourites';
import { loadStudyState, loadStudyStorage } from '../../../features/study';
import { storageKeys } from '../../../kernel/stored/storage';
import { Icon } from '../../../ui/Icon';
import { projectPath } from '../../../ui/paths';
import { WithSettingsLink } from '../../../ui/WithSettingsLink';
import { formatDate } from '../../../ui/formatDate';
import { NoticeBar } from '../../../ui/NoticeBar';
import { DeleteProjectConfirm, projectLinkId } from './DeleteProject';

function NewProjectForm() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const inputId = useId();
  const blank = name.trim() === '';

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (blank) return;
    try {
      const { createProject, setActiveProject } = useProjects.getState();
      const project = createProject(name);
      // A project is made to save into, so it becomes the active one.
      setActiveProject(project.id);
      navigate(projectPath(project.id));
    } catch (failure) {
      setError(projectErrorMessage(failure, 'create'));
    }
  }

  return (
    <form className="card new-project" onSubmit={submit} aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="section-title">New project</h2>
      <div className="inline-form">
        <div className="field grow">
          <label htmlFor={inputId}>Project name</label>
          <input
            id={inputId}
            type="text"
            required
            aria-required
            value={name}
            placeholder="e.g. Biology revision, Term 2"
            onChange={(e) => setName(e.target.value)}
            maxLength={MAX_PROJECT_NAME_LENGTH}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={blank}>
          <Icon name="add" />
          <span>Create</span>
        </button>
      </div>
      {error && <p className="inline-error" role="alert">{error}</p>}
    </form>
  );
}

/** Larger than any export a person could have made from browser storage (a few MB at most). */
const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

function importedText(outcome: ImportOutcome): string {
  const name = `\u201c${outcome.project.name}\u201d`;
  const items = (n: number) => `${n} saved ${n === 1 ? 'item' : 'items'}`;
  if (outcome.kind === 'added') return `Imported ${name} with ${items(outcome.addedArtifacts)}.`;
  const added = outcome.addedArtifacts === 0 ? 'it already had every saved item' : `added ${items(outcome.addedArtifacts)} it did not have`;
  const naming = outcome.renamed ? '; its name was updated from the newer export' : '';
  return `You already had ${name}: ${added}${naming}. Nothing was overwritten.`;
}

/** What importing a file of several projects did, in one sentence. */
function importedAllText(outcomes: readonly ImportOutcome[]): string {
  const added = outcomes.filter((o) => o.kind === 'added').length;
  const items = outcomes.reduce((sum, o) => sum + o.addedArtifacts, 0);
  const had = outcomes.length - added;
  const parts = [`${added} new`, ...(had > 0 ? [`${had} you already had`] : [])];
  return `Imported ${outcomes.length} projects (${parts.join(', ')}) with ${items} saved ${items === 1 ? 'item' : 'items'} added. Nothing was overwritten.`;
}

/** Import a JSON export (one project's, or Settings' file of every project): validated, merged without overwriting anything newer. */
function ImportForm() {
  const inputId = useId();
  const [result, setResult] = useState<{ outcomes: ImportOutcome[] } | { error: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function importFile(file: File) {
    setBusy(true);
    setResult(null);
    try {
      if (file.size > MAX_IMPORT_BYTES) {
        setResult({ error: 'This file is not a StudyForge project export. It is far larger than any export.' });
        return;
      }
      // The project file's code comes with this page (routeModules.ts), so this waits on nothing more.
      const [{ parseImportFile }, text] = await Promise.all([loadProjectFile(), file.text()]);
      const parsed = parseImportFile(text);
      if (!parsed.ok) {
        setResult({ error: parsed.message });
        return;
      }
      // Every project in one pass over storage, and one re-render: a file of 1,000 stays quick.
      const { outcomes, failure: stopped } = useProjects.getState().importProjects(parsed.projects.map((p) => p.bundle));
      try {
        const withStudy = outcomes.flatMap((outcome, i) => {
          const study = parsed.projects[i]?.file.study;
          return study ? [{ projectId: outcome.project.id, study }] : [];
        });
        if (withStudy.length > 0) {
          // Schedules and quiz history, merged with any here; their code loads only for a file that has them.
          const [{ importStudyData }, { useStudy }] = await Promise.all([loadStudyStorage(), loadStudyState()]);
          for (const { projectId, study } of withStudy) {
            importStudyData(projectId, study);
            useStudy.getState().syncFromStorage(storageKeys.study(projectId));
          }
        }
        if (stopped !== undefined) throw stopped;
      } catch (failure) {
        // Storage full part way: what was imported stays, and the message says how far it got.
        const sofar = parsed.projects.length > 1 ? ` ${outcomes.length} of ${parsed.projects.length} projects were imported before this.` : '';
        setResult({ error: `${projectErrorMessage(failure, 'import')}${sofar}` });
        return;
      }
      // Pinned tools travel in an all-projects file: added after the ones pinned here.
      if (parsed.favourites) useFavourites.getState().merge(parsed.favourites);
      setResult({ outcomes });
    } catch (failure) {
      setResult({ error: projectErrorMessage(failure, 'import') });
    } finally {
      setBusy(false);
      // The same file can be chosen again (after freeing space, say).
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <section className="card import-project" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="section-title">Import</h2>
      <div className="field">
        <label htmlFor={inputId}>Import a project</label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".json,application/json"
          aria-describedby={`${inputId}-help`}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void importFile(file);
          }}
        />
        <p id={`${inputId}-help`} className="field-help">
          <WithSettingsLink text="A file made with Export as JSON on a project page, or with Export all projects first in Settings. Nothing you have is overwritten: a project you already have only gains the saved items it lacks." />
        </p>
      </div>
      <div role="status">
        {result && 'outcomes' in result && result.outcomes.length === 1 && result.outcomes[0] && (
          <p className="import-result">
            <Icon name="check" />
            <span>{importedText(result.outcomes[0])}</span>{' '}
            <Link href={projectPath(result.outcomes[0].project.id)}>Open {result.outcomes[0].project.name}</Link>
          </p>
        )}
        {result && 'outcomes' in result && result.outcomes.length > 1 && (
          <p className="import-result">
            <Icon name="check" />
            <span>{importedAllText(result.outcomes)}</span>
          </p>
        )}
      </div>
      {result && 'error' in result && <p className="inline-error" role="alert">{result.error}</p>}
    </section>
  );
}

/**
 * A project in the list, with its own Delete: a project can be removed
 * without opening it (say, one whose page cannot be shown).
 */
function ProjectRow({ project, active }: { project: Project; active: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);

  return (
    <li>
      <div className="project-row">
        <Link href={projectPath(project.id)} className="project-link" id={projectLinkId(project.id)}>
          <Icon name="folder" />
          <span className="project-link-name">{project.name}</span>
          {active && <span className="badge">Active</span>}
          <span className="project-link-date">Created {formatDate(project.createdAt)}</span>
        </Link>
        {!confirming && (
          <button ref={deleteRef} type="button" className="button button-quiet button-danger-quiet" onClick={() => setConfirming(true)}>
            <Icon name="delete" />
            <span>Delete</span>
            <span className="visually-hidden"> {project.name}</span>
          </button>
        )}
      </div>
      {confirming && (
        <DeleteProjectConfirm
          project={project}
          // Counting items reads them without rendering any, so it works for a project whose page cannot be shown.
          itemCount={loadArtifacts(project.id).length}
          // This row is gone: focus goes to the Undo that can bring it back.
          focusUndo
          onCancel={() => {
            flushSync(() => setConfirming(false));
            deleteRef.current?.focus();
          }}
        />
      )}
    </li>
  );
}

/** Paints without more code; the project file's code (an export or import) is fetched meanwhile, before a button needs it. */
export function preloadParts(): Promise<unknown> {
  loadProjectFile().catch(() => undefined);
  return Promise.resolve();
}

export function Projects() {
  const projects = useProjects((s) => s.projects);
  const activeProjectId = useProjects((s) => s.activeProjectId);

  useEffect(() => {
    useRecentTools.getState().recordVisit('projects');
  }, []);

  return (
    <article className="page">
      <h1 className="page-title" tabIndex={-1}>Projects</h1>
      <p className="lede">Keep the results you want to come back to. Save any tool's result into the active project.</p>
      <NoticeBar />
      <NewProjectForm />
      <section aria-labelledby="project-list-heading">
        <h2 id="project-list-heading" className="section-title">Your projects</h2>
        {projects.length === 0 ? (
          <p className="empty-state">No projects yet!</p>
        ) : (
          <ul className="project-list">
            {newestFirst(projects).map((project) => (
              <ProjectRow key={project.id} project={project} active={project.id === activeProjectId} />
            ))}
          </ul>
        )}
      </section>
      <ImportForm />
    </article>
  );
}
