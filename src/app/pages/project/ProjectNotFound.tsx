import { Link } from 'wouter';
import { messages } from '../../../kernel/messages';
import { ErrorBox } from '../../../ui/ErrorBox';

/** Spec 8's unknown-project page, for the project page and its Study screen alike. */
export function ProjectNotFound({ projectId }: { projectId: string }) {
  return (
    <article className="page narrow">
      <h1 className="page-title" tabIndex={-1}>Project not found</h1>
      <ErrorBox message={messages.projectNotFound(projectId)} />
      <p><Link href="/projects" className="button">Back to Projects</Link></p>
    </article>
  );
}
