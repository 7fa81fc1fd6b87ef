import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Dashboard } from './pages/Dashboard';
import { Landing } from './pages/Landing';
import { ProjectPage } from './pages/ProjectPage';
import { Projects } from './pages/Projects';
import { Settings } from './pages/Settings';
import { AppShell } from './shell/AppShell';
import { ToolPage } from './tool/ToolPage';

export function App() {
  return (
    <Router hook={useHashLocation}>
      <Switch>
        <Route path="/" component={Landing} />
        <Route>
          <AppShell>
            <Switch>
              <Route path="/dashboard" component={Dashboard} />
              <Route path="/projects" component={Projects} />
              <Route path="/projects/:projectId">{(params) => <ProjectPage projectId={params.projectId} />}</Route>
              <Route path="/settings" component={Settings} />
              <Route path="/:toolId">{(params) => <ToolPage key={params.toolId} toolId={params.toolId} />}</Route>
            </Switch>
          </AppShell>
        </Route>
      </Switch>
    </Router>
  );
}
