import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useProjects } from '../../features/projects';
import { documentTitleAt } from './screenTitle';

/**
 * Keeps the document title on the screen shown: set on every route change, and again when the project on
 * screen is renamed. Beside the router rather than in a page, so it is set even where a page's code fails.
 */
export function DocumentTitle(): null {
  const [location] = useLocation();
  const projects = useProjects((state) => state.projects);
  useEffect(() => {
    document.title = documentTitleAt(location, (projectId) => projects.find((project) => project.id === projectId)?.name);
  }, [location, projects]);
  return null;
}
