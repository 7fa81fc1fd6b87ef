/*
 * The level of each criterion, set from the evidence and the assessments by one rule the report states, and
 * the remarks that say how it was tested and what is not met.
 */
import { rulesFor, type AxeRule } from './axeCoverage';
import type { Assessment } from './assessments';
import type { FlowEvidence } from './manualEvidence';
import type { Criterion } from './wcag22';

export type ConformanceLevel = 'Supports' | 'Partially Supports' | 'Does Not Support' | 'Not Applicable' | 'Not Evaluated';

export interface CriterionRow {
  criterion: Criterion;
  level: ConformanceLevel;
  remarks: string[];
}

export const levelRule: readonly [ConformanceLevel, string][] = [
  ['Not Applicable', 'the app has nothing the criterion applies to (the remark says why), or the criterion is obsolete.'],
  ['Partially Supports', 'something is known not to meet it, or tests show part of it and the remark names the part no test shows yet.'],
  ['Not Evaluated', 'no axe rule that the suite runs checks it, and no flow is cited for it.'],
  ['Supports', 'axe rules the suite runs on every scanned screen, or cited flows, check it, nothing is known to fail it, and no part of it is left unshown.'],
  ['Does Not Support', 'never set by this report: a criterion with a known failure is Partially Supports, and the remark names the failure, so a reader weighs it.'],
];

const code = (text: string) => `\`${text}\``;

export function conformanceRow(criterion: Criterion, rules: readonly AxeRule[], flows: readonly FlowEvidence[], assessment: Assessment = {}): CriterionRow {
  const { running, notRunning } = rulesFor(criterion.id, rules);
  const cited = flows.filter((flow) => flow.criteria.includes(criterion.id));
  const notRun = notRunning.length > 0 ? [`axe rules for it that the suite does not run: ${notRunning.map((rule) => `${code(rule.id)} (${rule.whyNot})`).join(', ')}.`] : [];

  if (criterion.obsolete) {
    return {
      criterion,
      level: 'Not Applicable',
      remarks: ['Obsolete: removed from WCAG 2.2. For WCAG 2.0 and 2.1 the W3C’s errata treat it as always met by content written in HTML.', ...notRun],
    };
  }
  if (assessment.notApplicable) return { criterion, level: 'Not Applicable', remarks: [assessment.notApplicable] };

  const remarks: string[] = [];
  if (running.length > 0) remarks.push(`Tested by axe on every scanned screen: ${running.map((rule) => code(rule.id) + (rule.alsoDark ? ' (in the dark scheme too)' : '')).join(', ')}.`);
  if (cited.length > 0) remarks.push(`Tested by flows: ${cited.map((flow) => `${flowId(flows, flow)} ${flow.shows}`).join(' · ')}.`);
  for (const gap of assessment.notMet ?? []) remarks.push(`Not met: ${gap}`);
  for (const gap of assessment.notShown ?? []) remarks.push(`Not tested yet: ${gap}`);
  if (assessment.note) remarks.push(assessment.note);
  remarks.push(...notRun);

  const tested = running.length > 0 || cited.length > 0;
  const level: ConformanceLevel =
    (assessment.notMet ?? []).length > 0 ? 'Partially Supports' : !tested ? 'Not Evaluated' : (assessment.notShown ?? []).length > 0 ? 'Partially Supports' : 'Supports';
  if (!tested && remarks.length === 0) remarks.push('No axe rule the suite runs checks it, and no flow is cited for it.');
  return { criterion, level, remarks };
}

/** A flow's short name in the report (F1, F2...), by its place in the evidence list. */
export function flowId(flows: readonly FlowEvidence[], flow: FlowEvidence): string {
  return `F${flows.indexOf(flow) + 1}`;
}

/** Citations whose test is not in the spec they name, as "spec: title" lines. */
export function missingCitations(flows: readonly FlowEvidence[], tests: readonly { spec: string; title: string }[]): string[] {
  const known = new Set(tests.map((test) => `${test.spec}\n${test.title}`));
  return flows.filter((flow) => !known.has(`${flow.spec}\n${flow.test}`)).map((flow) => `${flow.spec}: “${flow.test}”`);
}

/** Criteria a citation or an assessment names that WCAG 2.2 A/AA does not have (a typo would otherwise vanish). */
export function unknownCriteria(criteria: readonly Criterion[], flows: readonly FlowEvidence[], assessed: readonly string[]): string[] {
  const ids = new Set(criteria.map((criterion) => criterion.id));
  return [...new Set([...flows.flatMap((flow) => flow.criteria), ...assessed])].filter((id) => !ids.has(id)).sort();
}
