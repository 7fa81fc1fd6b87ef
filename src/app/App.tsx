import { Suspense, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation, useRoute } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Dashboard } from './pages/Dashboard';
import { AppShell } from './shell/AppShell';
import { DocumentTitle } from './shell/DocumentTitle';
import { ToolRoute } from './ToolRoute';
import { Spinner } from '../ui/Spinner';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { screens } from './routeModules';
import { screenPath, screenTable, type Screen } from './screenTable';

// The dashboard is the one screen in the first load; every other screen loads with its route.
const Landing = screens.landing.Component;
const Projects = screens.projects.Component;
const ProjectPage = screens.project.Component;
const StudyPage = screens.study.Component;
const Settings = screens.settings.Component;
const Account = screens.account.Component;
const Classes = screens.classes.Component;
const ClassScreen = screens.class.Component;
const AssignmentScreen = screens.assignment.Component;
const Join = screens.join.Component;
const JoinForm = screens.joinForm.Component;

type ShellScreen = Exclude<Screen, { ownPage: true }>;
type Params = Readonly<Record<string, string | undefined>>;

/** What each screen in the shell shows, given its route's params (screenTable.ts holds the routes, in order). */
const views: Record<ShellScreen['id'], (params: Params) => ReactNode> = {
  dashboard: () => <Dashboard />,
  projects: () => <Projects />,
  project: (params) => <ProjectPage projectId={params.projectId ?? ''} />,
  study: (params) => <StudyPage projectId={params.projectId ?? ''} />,
  settings: () => <Settings />,
  account: () => <Account />,
  classes: () => <Classes />,
  class: (params) => <ClassScreen classId={params.classId ?? ''} />,
  assignment: (params) => <AssignmentScreen classId={params.classId ?? ''} assignmentId={params.assignmentId ?? ''} />,
  join: (params) => <Join code={params.code ?? ''} />,
  joinForm: () => <JoinForm code="" />,
  tool: (params) => <ToolRoute key={params.toolId} toolId={params.toolId ?? ''} />,
};
const shellScreens = screenTable.filter((screen): screen is ShellScreen => !('ownPage' in screen));

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
  const [onProject, params] = useRoute<{ projectId: string }>(screenPath.project);
  return (
    <RouteErrorBoundary key={location} projectId={onProject ? params.projectId : undefined}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {shellScreens.map((screen) => (
            <Route key={screen.id} path={screen.path}>
              {(params: Params) => views[screen.id](params)}
            </Route>
          ))}
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <Router hook={useHashLocation}>
      {/* The tab's title follows the route, on every screen, the landing page included. */}
      <DocumentTitle />
      <Switch>
        <Route path={screenPath.landing}>
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
