import { reservedToolIds } from '../src/app/screenTable.ts';
import { exportProblems } from '../src/features/export/checks.ts';
import { privacyProblems } from '../src/features/privacy/checks.ts';
import { refineProblems } from '../src/features/refine/checks.ts';
import { rendererProblems, type RendererContracts } from './rendererChecks.ts';
import { searchTermProblems } from '../src/features/find/checks.ts';

/*
 * The checks the registry plugin runs on every registry file while it
 * assembles the catalogue, in dev and build alike. Pure: the plugin imports
 * the files and looks icons up; this module only judges what it was given.
 * Each problem is one line, `registry/<file>.ts: what is wrong. How to fix it.`
 */

/**
 * Tool ids an app screen already takes (`#/<id>` is a tool's route, so a tool
 * with one of these ids would never be reached), read from the app's screen
 * table, which the router reads too (src/app/screenTable.ts: plain data, no
 * React), so a new screen reserves its path here with no edit.
 */
export const RESERVED_TOOL_IDS: readonly string[] = reservedToolIds();

/** What the plugin learnt of one registry file. */
export type RegistryFileReport =
  | { file: string; stem: string; imported: true; declaration: unknown }
  | { file: string; stem: string; imported: false; error: unknown };

export interface RegistryCheckContext {
  iconExists(name: string): boolean;
  /** Each renderer's contract by the key a registry file names (renderers/contracts.ts). */
  rendererContracts: RendererContracts;
}

/** Whether an id is an app route's, or beneath one: `#/<id>` would show that page, never the tool. */
export function isReserved(id: string): boolean {
  // Any letter case: the router matches a path whatever its case, so #/Settings shows Settings.
  return RESERVED_TOOL_IDS.includes((id.split('/')[0] ?? id).toLowerCase());
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.trim() || 'unknown error';
}

function problemsOfOne(report: RegistryFileReport, context: RegistryCheckContext): string[] {
  const { file, stem } = report;
  if (!report.imported) {
    return [`${file}: the file throws when imported (${errorText(report.error)}). Fix that error; the file must import without throwing.`];
  }
  const tool = report.declaration;
  if (typeof tool !== 'object' || tool === null) {
    return [`${file}: the default export is not a tool. Write \`export default defineTool({ ... })\`.`];
  }
  const { id, icon, renderer } = tool as Record<string, unknown>;
  const problems: string[] = [];
  if (id !== stem) {
    problems.push(`${file}: the id is ${JSON.stringify(id)} but must equal the file name. Set \`id: '${stem}'\` or rename the file to ${JSON.stringify(id)}.ts.`);
  }
  const reserved = [id, stem].find((name) => typeof name === 'string' && isReserved(name));
  if (typeof reserved === 'string') {
    problems.push(`${file}: the id "${reserved}" is taken by the app's route #/${reserved}. Rename the file and its id (reserved: ${RESERVED_TOOL_IDS.join(', ')}).`);
  }
  if (typeof icon !== 'string' || !context.iconExists(icon)) {
    problems.push(
      `${file}: unknown icon ${JSON.stringify(icon)}: Material Icons has no icon of that name. Pick one from https://fonts.google.com/icons?icon.set=Material+Icons and write its name in snake_case.`,
    );
  }
  const rendererKeys = Object.keys(context.rendererContracts);
  if (renderer !== undefined && (typeof renderer !== 'string' || !rendererKeys.includes(renderer))) {
    problems.push(`${file}: unknown renderer ${JSON.stringify(renderer)}. Use one of ${rendererKeys.join(', ')}, or leave renderer out.`);
  } else if ((tool as Record<string, unknown>).rendererOptions !== undefined && renderer === undefined) {
    problems.push(`${file}: rendererOptions without a renderer. Name the renderer they are for, or remove them.`);
  } else {
    problems.push(...rendererProblems(file, tool as Record<string, unknown>, context.rendererContracts));
  }
  problems.push(...refineProblems(file, (tool as Record<string, unknown>).refine));
  problems.push(...exportProblems(file, (tool as Record<string, unknown>).exports));
  problems.push(...privacyProblems(file, tool as Record<string, unknown>));
  problems.push(...searchTermProblems(file, tool as Record<string, unknown>));
  return problems;
}

/** Every problem of the registry, one line each, in file order; empty when the registry is sound. */
export function registryProblems(reports: readonly RegistryFileReport[], context: RegistryCheckContext): string[] {
  const problems = reports.flatMap((report) => problemsOfOne(report, context));
  const filesById = new Map<string, string[]>();
  for (const report of reports) {
    if (!report.imported || typeof report.declaration !== 'object' || report.declaration === null) continue;
    const id = (report.declaration as Record<string, unknown>).id;
    if (typeof id === 'string') filesById.set(id, [...(filesById.get(id) ?? []), report.file]);
  }
  for (const [id, files] of filesById) {
    if (files.length < 2) continue;
    for (const file of files) {
      const others = files.filter((other) => other !== file).join(', ');
      problems.push(`${file}: the id "${id}" is also declared by ${others}. Give each tool its own id (equal to its file name).`);
    }
  }
  return problems;
}

/** The error the plugin throws for a registry with problems: Vite shows its message in the overlay and the build stops with it. */
export class RegistryError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The registry has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'RegistryError';
    // Where the plugin threw tells an author nothing: the build's and the overlay's message is the list alone.
    this.stack = `${this.name}: ${this.message}`;
  }
}
