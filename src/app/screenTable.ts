// With its extension: the Vite config (the registry plugin) imports this file in Node.
import { pageNames, routes } from '../ui/routes.ts';

/*
 * The app's screens, said once. The router's routes (App.tsx), what loads
 * on intent (routeModules.ts), the header's title (Header.tsx), the
 * sidebar's page links (Sidebar.tsx), the command palette's pages
 * (CommandPalette.tsx) and the tool ids a registry file may not take
 * (tooling/registryChecks.ts) all read this table. Plain data with no
 * framework and no code of a screen, so the registry plugin reads it in
 * Node and the first load carries only these few lines; each screen's code
 * is named by its id in routeModules.ts.
 */

interface ScreenRow {
  /** Names the screen's view (App.tsx) and its code (routeModules.ts). */
  id: string;
  /** The route, as the router matches it: a `:name` segment is any one segment, handed to the screen. */
  path: string;
  /** Drawn without the sidebar and header around it (the landing page). */
  ownPage?: true;
  /** Its code is in the first load, not loaded with the route (the dashboard, where people land). */
  firstLoad?: true;
  /**
   * A page the sidebar links to and the command palette offers, by this title and icon. The header names it
   * on its route and beneath it, as the sidebar marks it current there (a project's page is under Projects).
   */
  page?: { title: string; icon: string };
}

/** In the router's order: the first screen whose path matches is shown. */
export const screenTable = [
  // Each path and page name from ui/routes.ts, which every link uses, so links follow a route if it moves.
  { id: 'landing', path: routes.landing, ownPage: true },
  { id: 'dashboard', path: routes.dashboard, firstLoad: true, page: { title: pageNames.dashboard, icon: 'dashboard' } },
  { id: 'projects', path: routes.projects, page: { title: pageNames.projects, icon: 'folder' } },
  { id: 'project', path: routes.project },
  { id: 'study', path: routes.study },
  { id: 'settings', path: routes.settings, page: { title: pageNames.settings, icon: 'settings' } },
  // Not a sidebar page: the header links to it only when the gateway has sign-in on.
  { id: 'account', path: routes.account },
  // Classes exist only with sign-in: reached from the account corner, a class's link or its QR code.
  { id: 'classes', path: routes.classes },
  { id: 'class', path: routes.class },
  { id: 'assignment', path: routes.assignment },
  { id: 'join', path: routes.join },
  { id: 'joinForm', path: routes.joinForm },
  // Last: a tool's page is at its id, so any one-segment path no screen above took is a tool's.
  { id: 'tool', path: routes.tool },
] as const satisfies readonly ScreenRow[];

export type Screen = (typeof screenTable)[number];
export type ScreenId = Screen['id'];
/** A screen the sidebar links to and the palette offers. */
export type PageScreen = Extract<Screen, { page: object }>;

const TOOL_SCREEN: ScreenId = 'tool';

/** Each screen's route by its id. */
export const screenPath = Object.fromEntries(screenTable.map((screen) => [screen.id, screen.path])) as Record<ScreenId, string>;

/** The sidebar's pages, in its order; the command palette offers the same. */
export const pageScreens: readonly PageScreen[] = screenTable.filter((screen): screen is PageScreen => 'page' in screen);

/** The same pages as the command palette takes them, by the names the sidebar and the header give them. */
export const palettePages = pageScreens.map((screen) => ({ id: screen.id, path: screen.path, ...screen.page }));

/**
 * The params of a path on a route, or undefined if it is not on it: as the router (wouter, with regexparam)
 * matches, in any letter case, with a trailing slash allowed, a `:name` segment standing for one segment.
 */
function matchPath(route: string, path: string): Record<string, string> | undefined {
  let pattern = '';
  const keys: string[] = [];
  for (const segment of route.split('/')) {
    if (segment.startsWith(':')) {
      keys.push(segment.slice(1));
      pattern += '/([^/]+?)';
    } else if (segment !== '') pattern += `/${segment}`;
  }
  const found = new RegExp(`^${pattern}/?$`, 'i').exec(path);
  return found ? Object.fromEntries(keys.map((key, index) => [key, found[index + 1] ?? ''])) : undefined;
}

/** The screen the router shows at a path, with its params; undefined where it shows none. */
export function screenAt(path: string): { screen: Screen; params: Record<string, string> } | undefined {
  for (const screen of screenTable) {
    const params = matchPath(screen.path, path);
    if (params) return { screen, params };
  }
  return undefined;
}

/**
 * The page the sidebar marks current at this location, which the header names: the page whose route the
 * router shows, or one beneath it (a project's page is under Projects).
 */
export function pageAt(location: string): PageScreen | undefined {
  const shown = screenAt(location)?.screen.path;
  return shown === undefined ? undefined : pageScreens.find((page) => shown === page.path || shown.startsWith(`${page.path}/`));
}

/**
 * The tool ids an app screen already takes: the first segment of every screen's path but the tool's own.
 * `#/<id>` is a tool's page, so a tool with one of these ids would never be reached. A function, so the
 * app's first load, which never asks, leaves it out.
 */
export function reservedToolIds(): string[] {
  const firstSegments = screenTable.filter((screen) => screen.id !== TOOL_SCREEN).map((screen) => screen.path.split('/')[1] ?? '');
  return [...new Set(firstSegments.filter((first) => first !== '' && !first.startsWith(':')))];
}
