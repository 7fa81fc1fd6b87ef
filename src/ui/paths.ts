import { routes } from './routes';

/*
 * Links to the screens that take an id, made from their routes (routes.ts).
 * A file of its own, apart from the routes the first load reads, so these
 * helpers load with the pages that link with them.
 */

/** A route's path with its `:name` segments filled in (ids are the app's own, made of URL-safe characters). */
export function pathTo(route: string, params: Readonly<Record<string, string>> = {}): string {
  return route.replace(/:([A-Za-z]+)/g, (segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for ${segment} in ${route}`);
    return value;
  });
}

/** A project's page. */
export const projectPath = (projectId: string): string => pathTo(routes.project, { projectId });
/** A project's Study screen. */
export const studyPath = (projectId: string): string => pathTo(routes.study, { projectId });
/** A tool's page. */
export const toolPath = (toolId: string): string => pathTo(routes.tool, { toolId });
