import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Dashboard } from './pages/Dashboard';
import { AppShell } from './shell/AppShell';
import { Spinner } from '../ui/Spinner';

// The form engine (react-hook-form, validation, the backend client) loads with the first tool page.
const ToolPage = lazy(() => import('./tool/ToolPage').then((m) => ({ default: m.ToolPage })));
const Settings = lazy(() => import('./pages/Settings').then((m) => ({ default: m.Settings })));
// The dashboard is the one screen in the first load; every other screen loads with its route.
const Landing = lazy(() => import('./pages/Landing').then((m) => ({ default: m.Landing })));
const Projects = lazy(() => import('./pages/Projects').then((m) => ({ default: m.Projects })));
const ProjectPage = lazy(() => import('./pages/ProjectPage').then((m) => ({ default: m.ProjectPage })));

function PageLoading() {
  return (
    <div className="card loading-card" role="status">
      <Spinner />
      <span>Loading...</span>
    </div>
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
            <Suspense fallback={<PageLoading />}>
              <Switch>
                <Route path="/dashboard" component={Dashboard} />
                <Route path="/projects" component={Projects} />
                <Route path="/projects/:projectId">{(params) => <ProjectPage projectId={params.projectId} />}</Route>
                <Route path="/settings" component={Settings} />
                <Route path="/:toolId">{(params) => <ToolPage key={params.toolId} toolId={params.toolId} />}</Route>
              </Switch>
            </Suspense>
          </AppShell>
        </Route>
      </Switch>
    </Router>
  );
}
