import { Suspense } from 'react';
import { Route, Router, Switch, useLocation, useRoute } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Dashboard } from './pages/Dashboard';
import { AppShell } from './shell/AppShell';
import { ToolRoute } from './tool/ToolRoute';
import { Spinner } from '../ui/Spinner';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { routes } from '../ui/routes';

import { screens } from './routeModules';

// The dashboard is the one screen in the first load; every other screen loads with its route.
const Landing = screens.landing.Component;
const Projects = screens.projects.Component;
const ProjectPage = screens.project.Component;
const StudyPage = screens.study.Component;
const Settings = screens.settings.Component;

function PageLoading() {
  return (
    <div className="card loading-card" role="status">
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}

/**
 * The pages inside the shell, each behind an error boundary: a page that fails
 * to render (or whose code fails to load) shows an error box, and the shell
 * around it keeps working. Keyed by location, so any navigation, hash changes
 * typed into the address bar included, starts the next page afresh.
 */
function ShellRoutes() {
  const [location] = useLocation();
  const [onProject, params] = useRoute<{ projectId: string }>('/projects/:projectId');
  return (
    <RouteErrorBoundary key={location} projectId={onProject ? params.projectId : undefined}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/dashboard" component={Dashboard} />
          <Route path="/projects" component={Projects} />
          <Route path="/projects/:projectId">{(params) => <ProjectPage projectId={params.projectId} />}</Route>
          <Route path="/projects/:projectId/study">{(params) => <StudyPage projectId={params.projectId} />}</Route>
          <Route path={routes.settings} component={Settings} />
          <Route path="/:toolId">{(params) => <ToolRoute key={params.toolId} toolId={params.toolId} />}</Route>
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <Router hook={useHashLocation}>
      <Switch>
        <Route path="/">
          <Suspense fallback={null}>
            <Landing />
          </Suspense>
        </Route>
        <Route>
          <AppShell>
            <ShellRoutes />
          </AppShell>
        </Route>
      </Switch>
    </Router>
  );
}
