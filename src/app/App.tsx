import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Dashboard } from './pages/Dashboard';
import { Landing } from './pages/Landing';
import { ProjectPage } from './pages/ProjectPage';
import { Projects } from './pages/Projects';
import { AppShell } from './shell/AppShell';
import { Spinner } from '../ui/Spinner';

// The form engine (react-hook-form, validation, the backend client) loads with the first tool page.
const ToolPage = lazy(() => import('./tool/ToolPage').then((m) => ({ default: m.ToolPage })));
const Settings = lazy(() => import('./pages/Settings').then((m) => ({ default: m.Settings })));

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
        <Route path="/" component={Landing} />
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
