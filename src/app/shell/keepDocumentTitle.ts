import { useProjects } from '../../features/projects';
import { documentTitleAt } from './screenTitle';

/** Titles the document for a location, and titles it again when projects change (the one on screen renamed); returns the stop. */
export function keepDocumentTitle(location: string): () => void {
  const show = () => {
    const { projects } = useProjects.getState();
    document.title = documentTitleAt(location, (projectId) => projects.find((project) => project.id === projectId)?.name);
  };
  show();
  return useProjects.subscribe(show);
}
