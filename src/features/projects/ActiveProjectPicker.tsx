import { useId } from 'react';
import { newestFirst, useProjects } from './projectsState';
import { Icon } from '../../ui/Icon';

/**
 * Where results are saved. None by default (spec 3). On a phone the words
 * "Active project" give way to a folder icon (they stay the select's
 * accessible name), and the select narrows so the page title is never cut:
 * the menu it opens shows each project's full name.
 */
export function ActiveProjectPicker() {
  const projects = useProjects((s) => s.projects);
  const activeProjectId = useProjects((s) => s.activeProjectId);
  const id = useId();
  return (
    <div className="project-picker">
      <label htmlFor={id}>
        <Icon name="folder" className="project-picker-icon" />
        <span className="project-picker-label">Active project</span>
      </label>
      <select
        id={id}
        value={activeProjectId ?? ''}
        onChange={(e) => useProjects.getState().setActiveProject(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">No project</option>
        {newestFirst(projects).map((p) => (
          <option key={p.id} value={p.id}>{p.name}</option>
        ))}
      </select>
    </div>
  );
}
