import { useId } from 'react';
import { newestFirst, useProjects } from '../../state/projects';

/** Where results are saved. None by default (spec 3). */
export function ActiveProjectPicker() {
  const projects = useProjects((s) => s.projects);
  const activeProjectId = useProjects((s) => s.activeProjectId);
  const id = useId();
  return (
    <div className="project-picker">
      <label htmlFor={id}>Active project</label>
      <select
        id={id}
        value={activeProjectId ?? ''}
        onChange={(e) => useProjects.getState().setActiveProject(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">None</option>
        {newestFirst(projects).map((p) => (
          <option key={p.id} value={p.id}>{p.name}</option>
        ))}
      </select>
    </div>
  );
}
