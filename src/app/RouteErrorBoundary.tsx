import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ErrorBox } from '../ui/ErrorBox';
import { errorDetail } from '../ui/errorDetail';
import { CodeLoadError } from '../ui/lazyComponent';
import { CodeLoadFailure } from './CodeLoadFailure';
import { pageNames, routes } from '../ui/routes';

/*
 * A page that throws while rendering takes down only itself: the shell
 * (sidebar, header) stays, the page shows spec 8's error box, and on a project
 * page the project can still be deleted, so no stored data can lock a person
 * out of their own project. App keys the boundary by location, so going to
 * another page (a link, or the address bar) starts afresh.
 *
 * This module is in the first load, unlike the pages: the fallback must work
 * even when what failed is a page's own code. A project page's fallback, with
 * its deletion (BrokenProject.tsx), loads when that page fails: the page
 * imports the same deletion code, so it is here already.
 */

/** The fallback for a failed project page (pages/projects/BrokenProject.tsx), loaded with the pages' code when one fails. */
type BrokenProjectView = ComponentType<{ projectId: string; error: Error; otherwise: ReactNode }>;
const loadBrokenProjectView = () => import('./pages/pageLoaders').then((pages) => pages.loadBrokenProject());

function RouteFailure({ error, projectId }: { error: Error; projectId: string | undefined }) {
  const [view, setView] = useState<{ BrokenProjectById?: BrokenProjectView; failed?: boolean }>({});
  useEffect(() => {
    if (projectId === undefined) return;
    let live = true;
    loadBrokenProjectView().then(
      ({ BrokenProjectById }) => live && setView({ BrokenProjectById }),
      // Offline as well as broken: the plain failure below, with its way back to Projects.
      () => live && setView({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [projectId]);

  const plainFailure = (
    <article className="page narrow">
      <h1 className="page-title" tabIndex={-1}>This page could not be shown</h1>
      <ErrorBox message="Something on this page failed to display. The rest of StudyForge still works: choose another page in the menu.">
        <p className="field-help">Details: {errorDetail(error)}</p>
      </ErrorBox>
      <p>
        {projectId === undefined ? (
          <Link href={routes.dashboard} className="button">Go to the {pageNames.dashboard}</Link>
        ) : (
          <Link href={routes.projects} className="button">Back to {pageNames.projects}</Link>
        )}
      </p>
    </article>
  );
  if (projectId === undefined || view.failed) return plainFailure;
  // A moment while its code arrives (the project page had most of it already): nothing, rather than a page that changes under focus.
  if (!view.BrokenProjectById) return null;
  return <view.BrokenProjectById projectId={projectId} error={error} otherwise={plainFailure} />;
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** Set on a project's page: the fallback then offers to delete that project. */
  projectId?: string;
}

export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[route] this page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Code that did not arrive is no fault of the page nor of stored data: a plain word and a way to try again.
    if (error instanceof CodeLoadError) return <CodeLoadFailure retry={error.retry} onLoaded={() => this.setState({ error: null })} />;
    return <RouteFailure error={error} projectId={this.props.projectId} />;
  }
}
