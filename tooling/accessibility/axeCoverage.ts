/*
 * What the axe suite checks, read from axe-core itself and from the e2e suite's configuration
 * (e2e/support/a11y.ts: the tags every scan runs, the colour rules it runs again in the dark scheme, and any
 * rule a flow disables): so the report's "tested by axe" is the suite's, and it changes when the suite does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { callsUnder, literalText, parseTypeScript, stringArray, topLevelConstants, type SyntaxNode } from './syntax';
import { axeTagOf } from './wcag22';

export const axeSetupFile = 'e2e/support/a11y.ts';

export interface AxeSetup {
  /** The tags a scan runs (withTags). */
  tags: string[];
  /** The rules a scan runs again in the dark scheme. */
  colourRules: string[];
  /** Rules some flow switches off (disableRules), treated as not run anywhere. */
  disabledRules: string[];
}

/** The suite's axe configuration; throws when the tags or colour rules are no longer plain lists the report can read. */
export function readAxeSetup(root: string, specFiles: readonly string[]): AxeSetup {
  const code = readFileSync(join(root, axeSetupFile), 'utf8');
  const constants = topLevelConstants(parseTypeScript(code, axeSetupFile));
  const list = (name: string) => {
    const values = stringArray(constants.get(name), code);
    if (!values) throw new Error(`${axeSetupFile} no longer has \`const ${name} = [...]\` as a list of strings: the accessibility report reads it`);
    return values;
  };
  const disabledRules = [axeSetupFile, ...specFiles].flatMap((file) => {
    const source = file === axeSetupFile ? code : readFileSync(join(root, file), 'utf8');
    if (!source.includes('disableRules')) return [];
    return callsUnder(parseTypeScript(source, file)).flatMap((call) => {
      const callee = call.callee as SyntaxNode;
      if (callee.type !== 'MemberExpression' || (callee.property as SyntaxNode).name !== 'disableRules') return [];
      const argument = (call.arguments as SyntaxNode[])[0];
      const one = literalText(argument, source);
      return one !== undefined ? [one] : (stringArray(argument, source) ?? [`(rules in ${file} the report cannot read)`]);
    });
  });
  return { tags: list('TAGS'), colourRules: list('COLOUR_RULES'), disabledRules: [...new Set(disabledRules)].sort() };
}

export interface AxeRule {
  id: string;
  help: string;
  tags: string[];
  /** Whether a scan runs it. */
  runs: boolean;
  /** Whether a scan runs it again in the dark scheme (a colour rule). */
  alsoDark: boolean;
  /** Why a scan does not run it. */
  whyNot?: string;
}

/** What axe-core keeps of its rules beyond getRules(): the objects its own ruleShouldRun reads. */
interface AxeInternals {
  _audit: { rules: { id: string; tags: string[] }[] };
  utils: {
    ruleShouldRun(
      rule: unknown,
      context: { page: boolean },
      options: { runOnly: { type: 'tag'; values: string[] }; rules: Record<string, { enabled: boolean }> },
    ): boolean;
  };
}

/** Every axe-core rule, and whether the suite's scans run it, decided by axe-core's own logic for `withTags`. */
export function axeRules(setup: AxeSetup): AxeRule[] {
  const internals = axe as unknown as AxeInternals;
  const help = new Map(axe.getRules().map((rule) => [rule.ruleId, rule.help]));
  const disabled = Object.fromEntries(setup.disabledRules.map((id) => [id, { enabled: false }]));
  return internals._audit.rules
    .map((rule): AxeRule => {
      // A whole page is scanned (no include or exclude), so page-level rules run too.
      const runs = internals.utils.ruleShouldRun(rule, { page: true }, { runOnly: { type: 'tag', values: setup.tags }, rules: disabled });
      const whyNot = runs ? {} : { whyNot: whyNotRun(rule.tags, rule.id, setup) };
      return { id: rule.id, help: help.get(rule.id) ?? '', tags: [...rule.tags], runs, alsoDark: runs && setup.colourRules.includes(rule.id), ...whyNot };
    })
    .sort((x, y) => x.id.localeCompare(y.id));
}

function whyNotRun(tags: readonly string[], id: string, setup: AxeSetup): string {
  if (setup.disabledRules.includes(id)) return 'switched off by the suite';
  if (tags.includes('deprecated')) return 'deprecated in axe-core';
  if (tags.includes('experimental')) return 'experimental in axe-core';
  if (tags.includes('wcag2aaa')) return 'a level AAA check';
  return `not in the suite's tags (${tags.filter((tag) => /^wcag2|^best/.test(tag)).join(', ') || 'none of them'})`;
}

/** The rules that check a criterion (axe tags it like wcag143), split into those a scan runs and those it does not. */
export function rulesFor(criterionId: string, rules: readonly AxeRule[]): { running: AxeRule[]; notRunning: AxeRule[] } {
  const tag = axeTagOf(criterionId);
  const checking = rules.filter((rule) => rule.tags.includes(tag));
  return { running: checking.filter((rule) => rule.runs), notRunning: checking.filter((rule) => !rule.runs) };
}

export const axeVersion: string = axe.version;
