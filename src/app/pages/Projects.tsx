import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { messageOf } from '../../engine/messages';
import { newestFirst, useProjects } from '../../engine/stores/projects';
import { useRecentTools } from '../../engine/stores/recentTools';
import { Icon } from '../../ui/Icon';
import { formatDate } from '../ui/formatDate';

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
      navigate(`/projects/${project.id}`);
    } catch (failure) {
      setError(messageOf(failure));
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
            maxLength={120}
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
      <NewProjectForm />
      <section aria-labelledby="project-list-heading">
        <h2 id="project-list-heading" className="section-title">Your projects</h2>
        {projects.length === 0 ? (
          <p className="empty-state">No projects yet!</p>
        ) : (
          <ul className="project-list">
            {newestFirst(projects).map((project) => (
              <li key={project.id}>
                <Link href={`/projects/${project.id}`} className="project-link">
                  <Icon name="folder" />
                  <span className="project-link-name">{project.name}</span>
                  {project.id === activeProjectId && <span className="badge">Active</span>}
                  <span className="project-link-date">Created {formatDate(project.createdAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
