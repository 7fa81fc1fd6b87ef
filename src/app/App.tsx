import { Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Dashboard } from './pages/Dashboard';
import { AppShell } from './shell/AppShell';
import { ToolRoute } from './tool/ToolRoute';
import { Spinner } from '../ui/Spinner';

import { screens } from './routeModules';

// The dashboard is the one screen in the first load; every other screen loads with its route.
const Landing = screens.landing.Component;
const Projects = screens.projects.Component;
const ProjectPage = screens.project.Component;
const Settings = screens.settings.Component;

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
                <Route path="/:toolId">{(params) => <ToolRoute key={params.toolId} toolId={params.toolId} />}</Route>
              </Switch>
            </Suspense>
          </AppShell>
        </Route>
      </Switch>
    </Router>
  );
}
