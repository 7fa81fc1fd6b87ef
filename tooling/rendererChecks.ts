import type { z } from 'zod';
import { placeholdersIn } from '../src/kernel/promptTemplate.ts';
import type { RendererContract } from '../src/kernel/rendererContract.ts';
import { zodIssuesText } from '../src/kernel/zodIssues.ts';

/*
 * The renderer contract, checked while the registry assembles: the same
 * contract the type checker reads (renderers/contracts.ts), applied to what a
 * registry file actually exports. So `npm run dev`, `npm run build` and
 * `npm start` refuse what `tsc` would, even when nobody ran `tsc`: a result the
 * renderer cannot read, an option it does not take, a follow-up call it makes
 * that the file does not declare. One line per problem, naming the file.
 */

export type RendererContracts = Readonly<Record<string, RendererContract>>;

interface DeclaredFollowUp {
  prompt?: unknown;
  result?: unknown;
  example?: unknown;
}

function isZod(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && typeof (value as { safeParse?: unknown }).safeParse === 'function';
}

/** What the tool answers with, as its renderer would receive it: the example, through the tool's own schema. */
function exampleAnswer(result: unknown, output: unknown): unknown {
  if (!isZod(result)) return output;
  const parsed = result.safeParse(output);
  return parsed.success ? parsed.data : output;
}

function followUpProblems(file: string, key: string, contract: RendererContract, declared: unknown): string[] {
  const problems: string[] = [];
  for (const [name, need] of Object.entries(contract.followUps)) {
    const given = (declared as Record<string, DeclaredFollowUp> | undefined)?.[name];
    const passes = need.context.join(', ');
    if (!given || typeof given.prompt !== 'string' || !isZod(given.result)) {
      problems.push(`${file}: the '${key}' renderer calls followUps.${name} (passing ${passes}). Declare it: followUps: { ${name}: { prompt, result, example } }.`);
      continue;
    }
    const unknown = placeholdersIn(given.prompt).filter((p) => !need.context.includes(p));
    if (unknown.length > 0) {
      problems.push(`${file}: followUps.${name}'s prompt uses ${unknown.map((p) => `{{${p}}}`).join(', ')}, which the '${key}' renderer does not pass. Use only ${need.context.map((p) => `{{${p}}}`).join(', ')}.`);
    }
    const read = need.result.safeParse(exampleAnswer(given.result, given.example));
    if (!read.success) {
      problems.push(`${file}: the '${key}' renderer cannot read the answer of followUps.${name} (${zodIssuesText(read.error, 3)}). Make its result fit what the renderer reads.`);
    }
  }
  return problems;
}

/** Problems between one tool and the renderer it names (or the default one for its result). */
export function rendererProblems(file: string, tool: Record<string, unknown>, contracts: RendererContracts): string[] {
  const named = tool.renderer;
  const key = typeof named === 'string' ? named : tool.result === 'markdown' ? 'markdown' : 'structured';
  const contract = contracts[key];
  if (!contract) return []; // An unknown key is reported by the registry checks, with the valid ones.
  const problems: string[] = [];
  const example = (tool.example as { output?: unknown } | undefined)?.output;
  const read = contract.result.safeParse(exampleAnswer(tool.result, example));
  const kindFits = (tool.result === 'markdown') === (contract.kind === 'text');
  if (!kindFits || !read.success) {
    const why = !kindFits ? (contract.kind === 'text' ? 'it answers with JSON' : 'it answers with markdown') : zodIssuesText(read.error!, 3);
    problems.push(
      `${file}: the '${key}' renderer reads ${contract.reads}; this tool's example result does not fit (${why}). Change the result schema to fit, or name another renderer: ${Object.keys(contracts).join(', ')}.`,
    );
  }
  const options = contract.options.safeParse(tool.rendererOptions ?? {});
  if (!options.success) {
    const takes = Object.keys((contract.options as unknown as { shape?: object }).shape ?? {});
    problems.push(
      `${file}: rendererOptions do not fit the '${key}' renderer (${zodIssuesText(options.error, 3)}). ${takes.length ? `It takes ${takes.join(', ')}.` : 'It takes no options: remove rendererOptions.'}`,
    );
  }
  return [...problems, ...followUpProblems(file, key, contract, tool.followUps)];
}
