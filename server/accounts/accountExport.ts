import { ALL_PROJECTS_EXPORT_FORMAT, ALL_PROJECTS_EXPORT_VERSION, PROJECT_EXPORT_FORMAT, PROJECT_EXPORT_VERSION } from '../../src/kernel/projectFileFormat';
import { pinnedTools, studyOf, valuesOf, type HeldItem, type StudyData } from './accountExportStudy';

export type { HeldItem };

/*
 * Everything the server holds about one person, as one file they can keep:
 * their projects in the very file the app's "Export all projects" writes (so
 * the Projects page's import reads it back on any device, signed in or not),
 * and beside it, untouched, every other synced item and what the account is.
 *
 * How projects are filed as synced items is fixed by the sync contract:
 * collection `project` (id = the project's id, one field per property) and
 * collection `artifact` (id = `${projectId}/${artifactId}`, one field per
 * property plus `projectId`); study data and pinned tools as
 * accountExportStudy.ts reads them. An item that does not read as one (a field
 * missing, a project that is gone) is still the person's: it goes into
 * otherData as stored, so the file leaves nothing out.
 */

export const ACCOUNT_EXPORT_FORMAT = 'studyforge-account';
export const ACCOUNT_EXPORT_VERSION = 1;

export interface AccountFacts {
  name: string | null;
  email: string | null;
  role: string;
  createdAt: string;
  lastActiveAt: string;
  /** The host of the identity provider the person signs in with, never the subject id it gave. */
  signInProvider: string;
}

type Values = Record<string, unknown>;

export interface AccountExport {
  format: typeof ACCOUNT_EXPORT_FORMAT;
  version: typeof ACCOUNT_EXPORT_VERSION;
  exportedAt: string;
  account: AccountFacts;
  projects: {
    format: typeof ALL_PROJECTS_EXPORT_FORMAT;
    version: typeof ALL_PROJECTS_EXPORT_VERSION;
    exportedAt: string;
    projects: { format: typeof PROJECT_EXPORT_FORMAT; version: typeof PROJECT_EXPORT_VERSION; exportedAt: string; project: Values; artifacts: Values[]; study?: StudyData }[];
    favourites?: string[];
  };
  otherData: HeldItem[];
  sessions: number;
  auditEntries: number;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A live project item that has what a project file needs; its id is the item's, as a device reads it. */
function asProject(item: HeldItem): Values | null {
  if (item.c !== 'project' || item.d) return null;
  const values: Values = { ...valuesOf(item), id: item.id };
  const readable = isText(values.name) && isText(values.createdAt) && (values.updatedAt === undefined || isText(values.updatedAt));
  return readable ? values : null;
}

/** A live saved item with what a project file needs, and its project: both ids from the item's `projectId/artifactId`, as a device reads them. */
function asArtifact(item: HeldItem): { projectId: string; artifact: Values } | null {
  const slash = item.id.indexOf('/');
  if (item.c !== 'artifact' || item.d || slash <= 0) return null;
  const { projectId: _named, ...fields } = valuesOf(item);
  const artifact: Values = { ...fields, id: item.id.slice(slash + 1) };
  const readable = isText(artifact.createdAt) && isText(artifact.toolId) && artifact.data !== undefined;
  return readable ? { projectId: item.id.slice(0, slash), artifact } : null;
}

const newestFirst = (a: Values, b: Values) => String(b.createdAt).localeCompare(String(a.createdAt)) || String(b.id).localeCompare(String(a.id));

export function accountExport(input: { account: AccountFacts; items: readonly HeldItem[]; sessions: number; auditEntries: number; exportedAt: string }): AccountExport {
  const { items, exportedAt } = input;
  const projects = new Map<string, Values>();
  for (const item of items) {
    const project = asProject(item);
    if (project) projects.set(item.id, project);
  }
  const { study, used: inStudy } = studyOf(items, new Set(projects.keys()));
  const { favourites, used: pinned } = pinnedTools(items);
  const artifactsOf = new Map<string, Values[]>();
  const otherData: HeldItem[] = [];
  for (const item of items) {
    if ((projects.has(item.id) && item.c === 'project') || inStudy.has(item) || pinned.has(item)) continue;
    const saved = asArtifact(item);
    if (saved && projects.has(saved.projectId)) artifactsOf.set(saved.projectId, [...(artifactsOf.get(saved.projectId) ?? []), saved.artifact]);
    else otherData.push({ c: item.c, id: item.id, f: item.f, ...(item.d ? { d: item.d } : {}) });
  }
  const studyFor = (projectId: string) => {
    const data = study.get(projectId);
    // As the app's own export: a project with no study data carries none.
    return data && (Object.keys(data.cards).length > 0 || Object.keys(data.attempts).length > 0) ? { study: data } : {};
  };
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt,
    account: input.account,
    projects: {
      format: ALL_PROJECTS_EXPORT_FORMAT,
      version: ALL_PROJECTS_EXPORT_VERSION,
      exportedAt,
      // Newest first, as the Projects page lists them and the app's own file writes them.
      projects: [...projects.values()].sort(newestFirst).map((project) => ({
        format: PROJECT_EXPORT_FORMAT,
        version: PROJECT_EXPORT_VERSION,
        exportedAt,
        project,
        artifacts: (artifactsOf.get(String(project.id)) ?? []).sort(newestFirst),
        ...studyFor(String(project.id)),
      })),
      ...(favourites.length > 0 ? { favourites } : {}),
    },
    otherData,
    sessions: input.sessions,
    auditEntries: input.auditEntries,
  };
}

/** "StudyForge account 2026-11-27.json": the day it was made, like the app's own project files. */
export function accountExportFileName(exportedAt: string): string {
  return `StudyForge account ${exportedAt.slice(0, 10)}.json`;
}
