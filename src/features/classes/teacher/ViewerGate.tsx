import { hrefTo, routes } from '../../../ui/routes';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Spinner } from '../../../ui/Spinner';
import type { ClassViewer } from '../classApi';
import { useViewer, type Viewer } from './useViewer';

/** Shows its content to someone signed in; anyone else learns why not, and where to sign in. */
export function ViewerGate({ children, heading }: { children: (user: ClassViewer['user']) => React.ReactNode; heading?: string }) {
  const viewer = useViewer();
  if (viewer.kind === 'signed-in') return <>{children(viewer.user)}</>;
  return (
    <>
      {heading && <h1 className="page-title" tabIndex={-1}>{heading}</h1>}
      <NotSignedIn viewer={viewer} />
    </>
  );
}

function NotSignedIn({ viewer }: { viewer: Exclude<Viewer, { kind: 'signed-in' }> }) {
  switch (viewer.kind) {
    case 'sign-in-off':
      return <p>Classes need signing in, which is not turned on for this StudyForge.</p>;
    case 'checking':
      return (
        <p role="status" className="classes-loading">
          <Spinner />
          <span>Checking whether you are signed in…</span>
        </p>
      );
    case 'signed-out':
      return (
        <p className="card">
          Sign in to use classes. <a href={hrefTo(routes.account)}>Sign in</a>
        </p>
      );
    case 'failed':
      return <ErrorBox message={viewer.message} />;
  }
}
