import * as z from 'zod/mini';
import type { $ZodIssue } from 'zod/v4/core';
import type { ContractSchema } from '../../kernel/contractSchema';
import { labelOf, MAX_ITEM_DEPTH, nestedDeeperThan, prettyJson, resultAsText } from '../../kernel/resultText';
import { ALL_PROJECTS_EXPORT_FORMAT, ALL_PROJECTS_EXPORT_VERSION, PROJECT_EXPORT_FORMAT, PROJECT_EXPORT_VERSION } from '../../kernel/projectFileFormat';
import { boundedProjectName } from './projectName';
import { artifactSchema, projectSchema, type Artifact, type Project, type ProjectBundle } from './schema';

/*
 * A project as a file people can keep, move to another browser and bring
 * back: JSON in a versioned format (read back by import), and Markdown to
 * read or paste anywhere.
 */

// The formats' names live in the kernel, where the server's account download reads them too.
export { ALL_PROJECTS_EXPORT_FORMAT, ALL_PROJECTS_EXPORT_VERSION, PROJECT_EXPORT_FORMAT, PROJECT_EXPORT_VERSION };
/** More projects than anyone keeps in one browser's storage. */
export const MAX_IMPORT_PROJECTS = 1_000;

export interface ProjectExport {
  format: typeof PROJECT_EXPORT_FORMAT;
  version: typeof PROJECT_EXPORT_VERSION;
  exportedAt: string;
  project: Project;
  artifacts: Artifact[];
  /**
   * The project's study data: card schedules by card id, quiz
   * attempts by item id. Optional, so files written before it existed still
   * read; read item by item on import, so one bad record costs only itself.
   */
  study?: StudyExport;
}

export interface StudyExport {
  cards: Record<string, unknown>;
  attempts?: Record<string, unknown[]>;
}

export function projectExport(project: Project, artifacts: readonly Artifact[], exportedAt = new Date().toISOString(), study?: StudyExport): ProjectExport {
  return { format: PROJECT_EXPORT_FORMAT, version: PROJECT_EXPORT_VERSION, exportedAt, project, artifacts: [...artifacts], ...(study ? { study } : {}) };
}

export function projectExportJson(project: Project, artifacts: readonly Artifact[], exportedAt?: string, study?: StudyExport): string {
  return `${JSON.stringify(projectExport(project, artifacts, exportedAt, study), null, 2)}\n`;
}

export { exportFileName } from '../../kernel/fileName';

export interface MarkdownOptions {
  /** The tool title when the artifact has none stored (the catalogue's). */
  toolTitle?(toolId: string): string | undefined;
  /** The tool's result schema, for the labels of structured results. */
  schemaFor?(toolId: string): ContractSchema | undefined;
  /** How dates are written; ISO by default. */
  formatDate?(iso: string): string;
  exportedAt?: string;
}

function structuredMarkdown(data: unknown, schema: ContractSchema | undefined): string {
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    return Object.entries(data)
      .map(([key, value]) => {
        const node = schema?.properties?.[key];
        const body = resultAsText({ kind: 'json', data: value }, node).trim();
        return `### ${labelOf(key, node)}\n\n${body}`;
      })
      .join('\n\n');
  }
  return resultAsText({ kind: 'json', data }, schema).trim();
}

/** An artifact's content as Markdown: text as written, structured data as readable text (pretty JSON when that says nothing). */
export function artifactMarkdown(artifact: Artifact, schema?: ContractSchema): string {
  if (typeof artifact.data === 'string') return artifact.data.trim();
  const readable = structuredMarkdown(artifact.data, schema);
  return readable !== '' ? readable : `\`\`\`json\n${prettyJson(artifact.data)}\n\`\`\``;
}

/** One line, so a name cannot break the document's structure. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function projectMarkdown(project: Project, artifacts: readonly Artifact[], options: MarkdownOptions = {}): string {
  const date = options.formatDate ?? ((iso: string) => iso);
  const lines = [
    `# ${inline(project.name)}`,
    '',
    `- Created: ${date(project.createdAt)}`,
    ...(project.updatedAt ? [`- Renamed: ${date(project.updatedAt)}`] : []),
    `- Exported: ${date(options.exportedAt ?? new Date().toISOString())}`,
    `- Saved items: ${artifacts.length}`,
  ];
  const items = artifacts.map((artifact) => {
    const title = artifact.toolTitle ?? options.toolTitle?.(artifact.toolId) ?? artifact.toolId;
    return [
      `## ${inline(title)}`,
      '',
      `Saved ${date(artifact.createdAt)}`,
      '',
      artifactMarkdown(artifact, options.schemaFor?.(artifact.toolId)),
    ].join('\n');
  });
  return `${[lines.join('\n'), ...items].join('\n\n---\n\n')}\n`;
}

/* ---- Import ---- */

export const notAnExport = 'This file is not a StudyForge project export.';

/*
 * An import is a file from anywhere, so beyond its shape it is held to what
 * this app can use safely:
 *
 * - Item data nests at most MAX_ITEM_DEPTH levels: JSON.parse accepts any
 *   depth, but every later walk over the data (rendering, copying, saving,
 *   exporting) would otherwise overflow the stack and blank the page.
 * - Ids are what a hash route path segment carries as it is: our own ids are
 *   `proj_<ms>` and `art_<ms>`; one with `/ ? #` could be imported but never
 *   opened, and so never deleted.
 * - Stamps are ISO dates as StudyForge writes them (they are compared as
 *   text), and none lies in the future: a future name stamp would win the
 *   "newer name" merge against the user's own project every time.
 * - At most MAX_IMPORT_ARTIFACTS items. Text sizes need no limit of their
 *   own: the file size cap and the storage quota bound them.
 */

/** Characters safe in a hash route path segment, as the router reads it back; at most 100. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const idText = 'may only contain letters, digits, "_" and "-" (at most 100)';

export { MAX_ITEM_DEPTH };

/** More than a browser's storage (about 5 MB) holds at a few hundred bytes an item. */
export const MAX_IMPORT_ARTIFACTS = 10_000;

/** How far ahead of this computer's clock a stamp may be: another computer's clock may run a little fast. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

const ISO_STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function stampSchema(now: number) {
  return z.string().check(
    z.refine((stamp) => ISO_STAMP.test(stamp) && !Number.isNaN(Date.parse(stamp)) && new Date(stamp).toISOString() === stamp, 'should be a date and time such as "2026-01-31T09:00:00.000Z"'),
    // Only a well-formed stamp can be judged; a malformed one has its message above.
    z.refine((stamp) => !(Date.parse(stamp) > now + CLOCK_SKEW_MS), 'is in the future'),
  );
}

function exportSchemaAt(now: number) {
  const stamp = stampSchema(now);
  const id = z.string().check(z.regex(ID_PATTERN, idText));
  return z.object({
    format: z.literal(PROJECT_EXPORT_FORMAT),
    version: z.literal(PROJECT_EXPORT_VERSION),
    exportedAt: z.optional(z.string()),
    project: z.extend(projectSchema, {
      id,
      name: z.string().check(z.refine((name) => name.trim() !== '', 'must not be blank')),
      createdAt: stamp,
      updatedAt: z.optional(stamp),
    }),
    artifacts: z.array(
      z.extend(artifactSchema, {
        id,
        createdAt: stamp,
        data: z.unknown().check(
          z.refine((data): boolean => data !== undefined, 'is missing'),
          z.refine((data) => !nestedDeeperThan(data, MAX_ITEM_DEPTH), `is nested deeper than ${MAX_ITEM_DEPTH} levels`),
        ),
      }),
    ).check(z.maxLength(MAX_IMPORT_ARTIFACTS, `has more than ${MAX_IMPORT_ARTIFACTS} saved items`)),
    study: z.optional(
      z.object({
        cards: z.record(z.string(), z.unknown()),
        attempts: z.optional(z.record(z.string(), z.array(z.unknown()))),
      }),
    ),
  });
}

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '');
}

function issueText(issue: $ZodIssue, input: unknown): string {
  const where = pathText(issue.path);
  const value = issue.path.reduce<unknown>(
    (node, part) => (typeof node === 'object' && node !== null ? (node as Record<PropertyKey, unknown>)[part] : undefined),
    input,
  );
  if (value === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) return `"${where}" is missing`;
  if (issue.code === 'invalid_value') return `"${where}" should be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
  if (issue.code === 'invalid_type') return `"${where}" should be ${issue.expected === 'string' ? 'text' : issue.expected === 'array' ? 'a list' : `a${issue.expected === 'object' ? 'n' : ''} ${issue.expected}`}`;
  return where ? `"${where}" ${issue.message}` : issue.message;
}

export type ParsedExport = { ok: true; bundle: ProjectBundle; file: ProjectExport } | { ok: false; message: string };

/** What an import file holds: one project's export, or every project's (each read as one export). */
export type ParsedImport =
  | { ok: true; projects: { bundle: ProjectBundle; file: ProjectExport }[]; favourites?: string[] }
  | { ok: false; message: string };

/** Pinned tools in an all-projects file: more than this, or ids longer than a tool id could be, are not a favourites list. */
const MAX_IMPORT_FAVOURITES = 200;
const MAX_TOOL_ID_LENGTH = 100;

/**
 * The favourites an all-projects file carries, or none: a list
 * that is not a short list of short strings is left out, and the projects
 * are imported all the same (they are what the file is for).
 */
function favouritesOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_IMPORT_FAVOURITES) return undefined;
  if (!value.every((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= MAX_TOOL_ID_LENGTH)) return undefined;
  return value.length > 0 ? value : undefined;
}

function parsedJson(text: string): { ok: true; json: unknown } | { ok: false; message: string } {
  const fail = (detail: string) => ({ ok: false as const, message: `${notAnExport} ${detail}` });
  if (text.trim() === '') return fail('The file is empty.');
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch {
    return fail('It is not valid JSON.');
  }
}

/** Reads an export file's text: the bundle to merge, or a message naming what is wrong. `now` judges stamps in the future. */
export function parseProjectExport(text: string, now: number = Date.now()): ParsedExport {
  const read = parsedJson(text);
  return read.ok ? projectExportOf(read.json, now) : read;
}

/**
 * Reads a file for the Projects page's import: a project's own export, or the
 * file of every project Settings writes before deleting everything, so that
 * file brings everything back. A file of every project is taken whole or not
 * at all: the first project that cannot be read is named, and nothing is merged.
 */
export function parseImportFile(text: string, now: number = Date.now()): ParsedImport {
  const read = parsedJson(text);
  if (!read.ok) return read;
  const record = read.json;
  if (typeof record !== 'object' || record === null || Array.isArray(record) || (record as Record<string, unknown>).format !== ALL_PROJECTS_EXPORT_FORMAT) {
    const one = projectExportOf(record, now);
    return one.ok ? { ok: true, projects: [{ bundle: one.bundle, file: one.file }] } : one;
  }
  const all = record as Record<string, unknown>;
  if (typeof all.version === 'number' && all.version > ALL_PROJECTS_EXPORT_VERSION) {
    return { ok: false, message: `These projects were exported by a newer StudyForge (format version ${all.version}); this one reads version ${ALL_PROJECTS_EXPORT_VERSION}.` };
  }
  const list = all.projects;
  if (!Array.isArray(list)) return { ok: false, message: `${notAnExport} "projects" should be a list.` };
  if (list.length === 0) return { ok: false, message: 'This file holds no projects.' };
  if (list.length > MAX_IMPORT_PROJECTS) return { ok: false, message: `${notAnExport} It has more than ${MAX_IMPORT_PROJECTS} projects.` };
  const projects: { bundle: ProjectBundle; file: ProjectExport }[] = [];
  for (const [index, entry] of list.entries()) {
    const one = projectExportOf(entry, now);
    if (!one.ok) return { ok: false, message: `Project ${index + 1} of ${list.length} cannot be imported: ${one.message} Nothing was imported.` };
    projects.push({ bundle: one.bundle, file: one.file });
  }
  const favourites = favouritesOf(all.favourites);
  return { ok: true, projects, ...(favourites ? { favourites } : {}) };
}

/** One project's export, already parsed from JSON. */
function projectExportOf(json: unknown, now: number): ParsedExport {
  const fail = (detail: string): ParsedExport => ({ ok: false, message: `${notAnExport} ${detail}` });
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('It does not contain a project.');
  const record = json as Record<string, unknown>;
  if (record.format !== PROJECT_EXPORT_FORMAT) {
    return fail(`It should have "format": "${PROJECT_EXPORT_FORMAT}"${record.format === undefined ? '' : `, not ${JSON.stringify(record.format)}`}.`);
  }
  if (typeof record.version === 'number' && record.version > PROJECT_EXPORT_VERSION) {
    return {
      ok: false,
      message: `This project was exported by a newer StudyForge (format version ${record.version}); this one reads version ${PROJECT_EXPORT_VERSION}.`,
    };
  }
  const parsed = z.safeParse(exportSchemaAt(now), json);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const first = issues[0];
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
    return fail(`${first ? issueText(first, json) : 'It has the wrong shape'}${more}.`);
  }
  const file = parsed.data as ProjectExport;
  // A name longer than the app's forms allow arrives cut to that length, like a name typed there.
  const project: Project = { ...file.project, name: boundedProjectName(file.project.name) };
  // Keep the first of any repeated artifact id: ids identify items when merging.
  const seen = new Set<string>();
  const artifacts = file.artifacts.filter((a) => !seen.has(a.id) && seen.add(a.id));
  return { ok: true, bundle: { project, artifacts }, file };
}
