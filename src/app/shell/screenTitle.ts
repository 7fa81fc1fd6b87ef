import { findTool } from '../../kernel/catalogue';
import { screenAt, type PageScreen, type ScreenId } from '../screenTable';

/*
 * The browser tab's title (and so the history list, bookmarks and what a
 * screen reader says on a new page): where the user is, then the app's name.
 * Worked out from the route alone, from the screen table and the tool
 * catalogue, both in the first load, so a page whose code could not load
 * still says which page it is.
 */

export const APP_NAME = 'StudyForge';
const SEPARATOR = ' · ';
const NOT_FOUND = 'Page not found';

/** A project's name by its id; undefined for a project that does not exist. */
export type ProjectNameOf = (projectId: string) => string | undefined;

/**
 * What each screen without a page name of its own is called, given its route's params (a page the sidebar
 * links to goes by the name the table gives it). Every such screen must say, so a new one cannot fall back
 * to the bare app name by accident; undefined means the app's name alone (the landing page).
 */
const screenNames: Record<Exclude<ScreenId, PageScreen['id']>, (params: Record<string, string>, projectName: ProjectNameOf) => string | undefined> = {
  landing: () => undefined,
  project: ({ projectId = '' }, projectName) => projectName(projectId) ?? 'Project not found',
  // As the Study screen's heading says it.
  study: ({ projectId = '' }, projectName) => {
    const name = projectName(projectId);
    return name === undefined ? 'Project not found' : `Study: ${name}`;
  },
  account: () => 'Account',
  // A class's name comes from the server after the page loads: the route alone says what kind of page it is.
  classes: () => 'Classes',
  class: () => 'Class',
  assignment: () => 'Assignment',
  // The code in the title tells two join tabs apart (and the history's entries).
  join: ({ code = '' }) => `Join class ${code.toUpperCase()}`,
  joinForm: () => 'Join a class',
  tool: ({ toolId = '' }) => findTool(toolId)?.title ?? NOT_FOUND,
};

/** The document title at a location: "Essay Buddy · StudyForge", "Settings · StudyForge". */
export function documentTitleAt(location: string, projectName: ProjectNameOf): string {
  const shown = screenAt(location);
  let name: string | undefined = NOT_FOUND;
  if (shown) name = 'page' in shown.screen ? shown.screen.page.title : screenNames[shown.screen.id](shown.params, projectName);
  return name === undefined ? APP_NAME : `${name}${SEPARATOR}${APP_NAME}`;
}
