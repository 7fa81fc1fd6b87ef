import { useEffect, useId, useRef, useState } from 'react';
import { MAX_PROJECT_NAME_LENGTH, type Project, useProjects, projectErrorMessage } from '../../../features/projects';
import { Icon } from '../../../ui/Icon';
import { useNotices } from '../../../ui/notices';

export function RenameForm({ project, onDone }: { project: Project; onDone(renamed: boolean): void }) {
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
            maxLength={MAX_PROJECT_NAME_LENGTH}
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
