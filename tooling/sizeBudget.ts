import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/*
 * The size guard's budgets (tooling/size-budget.json) and the judgement of a
 * build's route sizes against them. One budget for #/dashboard, one that every
 * tool route shares, and named exceptions, each with its reason: a new
 * registry file is held to the shared budget without a line of its own.
 *
 * Budgets are measured figures to the byte (`npm run size -- --update`), so
 * any growth of the code every route loads fails the guard on the route that
 * was largest. The one growth allowed without an update is the catalogue's:
 * each tool added since the budgets were measured puts its entry (name,
 * description, icon, category) in every route's first load.
 */

export const BUDGET_FILE = path.resolve(import.meta.dirname, 'size-budget.json');
const SHOWN_FILE = 'tooling/size-budget.json';
const UPDATE = 'npm run size -- --update';

const bytes = z.number().int().nonnegative();
const reason = z.string().trim().min(1, 'write why, beside it');

const budgetSchema = z
  .object({
    dashboard: bytes,
    everyToolRoute: bytes,
    measuredWithTools: bytes,
    perAddedTool: z.object({ bytes, reason }).strict(),
    // A tool named here by hand (with its reason) gets its budget from the next update.
    exceptions: z.record(z.string(), z.object({ budget: bytes.optional(), reason }).strict()),
  })
  .strict();

export type SizeBudget = z.infer<typeof budgetSchema>;

/** The budget file's contents checked, or an error naming each field at fault and the file. */
export function parseBudget(value: unknown, shown = SHOWN_FILE): SizeBudget {
  const parsed = budgetSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the file)'}: ${issue.message}`);
  throw new Error(`${shown} is not a size budget:\n  ${problems.join('\n  ')}`);
}

export function readBudget(file = BUDGET_FILE): SizeBudget {
  return parseBudget(JSON.parse(readFileSync(file, 'utf8')) as unknown, path.relative(process.cwd(), file) || SHOWN_FILE);
}

function toolRoutes(sizes: Readonly<Record<string, number>>): [string, number][] {
  return Object.entries(sizes).filter(([route]) => route !== 'dashboard');
}

/** The bytes every route may load beyond its budget: the catalogue entries of tools added since the budgets were measured. */
export function addedToolsAllowance(sizes: Readonly<Record<string, number>>, budget: SizeBudget): number {
  return budget.perAddedTool.bytes * Math.max(0, toolRoutes(sizes).length - budget.measuredWithTools);
}

/** The exception naming a route, if any (own keys only: a tool may be called `constructor`). */
export function exceptionFor(route: string, budget: SizeBudget): SizeBudget['exceptions'][string] | undefined {
  return Object.hasOwn(budget.exceptions, route) ? budget.exceptions[route] : undefined;
}

/** A route's budget before the added tools' allowance, and what it is, for the messages. */
export function budgetOf(route: string, budget: SizeBudget): { bytes: number | undefined; named: string } {
  if (route === 'dashboard') return { bytes: budget.dashboard, named: 'the dashboard budget' };
  const exception = exceptionFor(route, budget);
  if (exception) return { bytes: exception.budget, named: `its own budget (an exception: ${exception.reason})` };
  return { bytes: budget.everyToolRoute, named: 'the budget every tool route shares' };
}

/** Routes over their budget, and exceptions that name no route or have no budget yet, as sentences naming the fix. */
export function overBudget(sizes: Readonly<Record<string, number>>, budget: SizeBudget): string[] {
  const extra = addedToolsAllowance(sizes, budget);
  const added = toolRoutes(sizes).length - budget.measuredWithTools;
  const withAdded = extra > 0 ? ` + ${extra} B for the ${added} tool${added === 1 ? '' : 's'} added since it was measured` : '';
  const problems: string[] = [];
  for (const [route, size] of Object.entries(sizes)) {
    const { bytes: allowed, named } = budgetOf(route, budget);
    if (allowed === undefined) {
      problems.push(`${route}: named as an exception in ${SHOWN_FILE} but without a budget yet (run ${UPDATE})`);
    } else if (size > allowed + extra) {
      problems.push(
        `${route}: ${size} B gzipped, over ${named}, ${allowed} B${withAdded}, by ${size - allowed - extra} B. ` +
          `Make it smaller, or raise the budget on purpose in the same change (${UPDATE})`,
      );
    }
  }
  for (const route of Object.keys(budget.exceptions)) {
    if (route === 'dashboard' || !Object.hasOwn(sizes, route)) {
      problems.push(`${route}: named as an exception in ${SHOWN_FILE}, but the build has no tool route of that name. Remove it from the exceptions`);
    }
  }
  return problems;
}

/**
 * The budgets at today's sizes, to the byte: the dashboard's size, the shared
 * budget at the largest tool route not named as an exception, each exception
 * at its own size (keeping its reason). Exceptions naming no route are dropped;
 * `notes` says so, and names exceptions no larger than the shared budget.
 */
export function updatedBudget(sizes: Readonly<Record<string, number>>, previous: SizeBudget): { budget: SizeBudget; notes: string[] } {
  const tools = toolRoutes(sizes);
  const notes: string[] = [];
  const exceptions: SizeBudget['exceptions'] = {};
  for (const [route, { reason: why }] of Object.entries(previous.exceptions)) {
    const size = Object.hasOwn(sizes, route) ? sizes[route] : undefined;
    if (size === undefined || route === 'dashboard') notes.push(`Dropped the exception for ${route}: the build has no tool route of that name.`);
    else exceptions[route] = { budget: size, reason: why };
  }
  const shared = tools.filter(([route]) => !Object.hasOwn(exceptions, route)).map(([, size]) => size);
  const everyToolRoute = Math.max(0, ...shared);
  for (const [route, { budget: size }] of Object.entries(exceptions)) {
    if (size !== undefined && size <= everyToolRoute) notes.push(`${route} (${size} B) is no larger than the shared budget (${everyToolRoute} B): its exception may go.`);
  }
  const dashboard = sizes.dashboard;
  if (dashboard === undefined) throw new Error('The route sizes have no dashboard: measure them with routeSizes().');
  return { budget: { dashboard, everyToolRoute, measuredWithTools: tools.length, perAddedTool: previous.perAddedTool, exceptions }, notes };
}
