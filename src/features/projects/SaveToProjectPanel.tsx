import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { messageOf } from '../../kernel/messages';
import { MAX_PROJECT_NAME_LENGTH } from './projectName';
import type { NewArtifact } from './schema';
import { newestFirst, useProjects } from './projectsState';
import { Icon } from '../../ui/Icon';
import { projectErrorMessage } from './projectErrors';

const NEW_PROJECT = '__new';

interface SaveToProjectPanelProps {
  /** What is saved: the result shown, with what it was asked for and any quiz attempts. */
  artifact: NewArtifact;
  /** After the save: the project is active now, and the card shows its Save button as 'Saved!'. */
  onSaved(project: { id: string; name: string }): void;
}

/**
 * Saving with no active project: Save to Project opens, in place,
 * a choice of the existing projects or "New project…" with its name, and one
 * Save creates it if needed, saves, and makes the project active, so the
 * result is kept without leaving the tool.
 */
export function SaveToProjectPanel({ artifact, onSaved }: SaveToProjectPanelProps) {
  const projects = useProjects((s) => s.projects);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>(NEW_PROJECT);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const openerRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLSelectElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const creating = choice === NEW_PROJECT;

  useEffect(() => {
    if (!open) return;
    if (projects.length > 0) firstRef.current?.focus();
    else nameRef.current?.focus();
    // Focus on opening only: choosing in the list must not move it.
  }, [open]);

  function start() {
    setChoice(newestFirst(projects)[0]?.id ?? NEW_PROJECT);
    setError(null);
    setOpen(true);
  }

  function close() {
    // The button comes back at once, so focus can return to it.
    flushSync(() => setOpen(false));
    openerRef.current?.focus();
  }

  function save() {
    const store = useProjects.getState();
    let projectId = choice;
    let projectName = projects.find((p) => p.id === choice)?.name ?? '';
    try {
      if (creating) {
        if (name.trim() === '') {
          setError('Give the new project a name.');
          nameRef.current?.focus();
          return;
        }
        const created = store.createProject(name);
        projectId = created.id;
        projectName = created.name;
      }
    } catch (failure) {
      setError(projectErrorMessage(failure, 'create'));
      return;
    }
    try {
      if (!store.saveArtifact(projectId, artifact)) {
        setError('That project was deleted meanwhile. Choose another, or a new one.');
        return;
      }
      store.setActiveProject(projectId);
      onSaved({ id: projectId, name: projectName });
    } catch (failure) {
      setError(messageOf(failure)); // The result stays on screen: nothing is lost.
    }
  }

  if (!open) {
    return (
      <button ref={openerRef} type="button" className="button button-primary" onClick={start} aria-expanded={false}>
        <Icon name="bookmark_add" />
        <span>Save to Project</span>
      </button>
    );
  }
  return (
    <form
      className="save-panel"
      aria-label="Save to a project"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      {projects.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-project`}>Project</label>
          <select id={`${id}-project`} ref={firstRef} value={choice} onChange={(event) => setChoice(event.target.value)}>
            {newestFirst(projects).map((project) => (
              <option key={project.id} value={project.id}>{project.name}</option>
            ))}
            <option value={NEW_PROJECT}>New project…</option>
          </select>
        </div>
      )}
      {creating && (
        <div className="field">
          <label htmlFor={`${id}-name`}>New project name</label>
          <input
            id={`${id}-name`}
            ref={nameRef}
            type="text"
            maxLength={MAX_PROJECT_NAME_LENGTH}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error !== null && name.trim() === ''}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          <Icon name="bookmark_add" />
          <span>{creating ? 'Create and save' : 'Save'}</span>
        </button>
        <button type="button" className="button" onClick={close}>Cancel</button>
      </div>
      {error && <p id={`${id}-error`} className="inline-error" role="alert">{error}</p>}
    </form>
  );
}
