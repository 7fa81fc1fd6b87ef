/*
 * The accessibility conformance report, docs/accessibility.md, generated (`npm run docs:accessibility`) in
 * the layout of the ITI VPAT 2.5 (WCAG 2.2 edition): which WCAG 2.2 A and AA criteria the app meets, how each
 * is tested and what is not yet met. Its inputs are the axe suite (axe-core's own rules and tags, and the
 * configuration in e2e/support/a11y.ts), the screens the e2e specs scan, the flows cited in
 * tooling/accessibility/manualEvidence.ts (held to the spec files' test titles) and the assessments in
 * tooling/accessibility/assessments.ts. tooling/accessibilityReport.test.ts fails when the report is stale.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assessments } from './accessibility/assessments';
import { axeRules, axeSetupFile, axeVersion, readAxeSetup, type AxeRule, type AxeSetup } from './accessibility/axeCoverage';
import { conformanceRow, flowId, levelRule, missingCitations, unknownCriteria, type CriterionRow } from './accessibility/conformance';
import { defaultViewport, readSpecs, specFilesIn, type SpecReading } from './accessibility/e2eSpecs';
import { flowEvidence, type FlowEvidence } from './accessibility/manualEvidence';
import { wcag22Criteria, type WcagLevel } from './accessibility/wcag22';

export const repositoryRoot = join(import.meta.dirname, '..');
export const reportFile = 'docs/accessibility.md';
/** The line that carries the date, which the freshness check reads apart from the rest. */
export const dateLinePrefix = '| Report Date |';

export interface ReportInputs {
  product: { name: string; version: string };
  /** The date (YYYY-MM-DD) of the commit the report was generated from. */
  commitDate: string;
  setup: AxeSetup;
  rules: readonly AxeRule[];
  specs: SpecReading;
  flows: readonly FlowEvidence[];
}

/** Everything the report reads from the repository; throws naming each cited test that does not exist. */
export function readReportInputs(root: string = repositoryRoot, flows: readonly FlowEvidence[] = flowEvidence): ReportInputs {
  const files = specFilesIn(root);
  const specs = readSpecs(root, files);
  const missing = missingCitations(flows, specs.tests);
  if (missing.length > 0) {
    throw new Error(`tooling/accessibility/manualEvidence.ts cites tests that do not exist (title and spec must match exactly):\n${missing.map((line) => `  ${line}`).join('\n')}`);
  }
  const unknown = unknownCriteria(wcag22Criteria, flows, Object.keys(assessments));
  if (unknown.length > 0) throw new Error(`Not WCAG 2.2 A or AA criteria: ${unknown.join(', ')}`);
  const setup = readAxeSetup(root, files);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  return { product: { name: pkg.name, version: pkg.version }, commitDate: commitDateOf(root), setup, rules: axeRules(setup), specs, flows };
}

function commitDateOf(root: string): string {
  return execFileSync('git', ['log', '-1', '--format=%cs'], { cwd: root, encoding: 'utf8' }).trim();
}

/** A table cell: pipes escaped, and angle brackets too (axe's help names elements like <video>, which Markdown would render). */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('\n', ' ');
const row = (...cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;

function criteriaTable(rows: readonly CriterionRow[], level: WcagLevel): string[] {
  return [
    row('Criteria', 'Conformance Level', 'Remarks and Explanations'),
    '| --- | --- | --- |',
    ...rows
      .filter((r) => r.criterion.level === level)
      .map((r) => {
        const name = `${r.criterion.id} ${r.criterion.name} (Level ${level}${r.criterion.newIn22 ? ', new in 2.2' : ''}${r.criterion.obsolete ? ', obsolete' : ''})`;
        return `| ${cell(name)} | ${r.level} | ${r.remarks.map(cell).join('<br>')} |`;
      }),
  ];
}

function summary(rows: readonly CriterionRow[]): string {
  const counts = new Map<string, number>();
  for (const r of rows) if (!r.criterion.obsolete) counts.set(r.level, (counts.get(r.level) ?? 0) + 1);
  return levelRule.map(([level]) => `${level}: ${counts.get(level) ?? 0}`).join(' · ');
}

function axeSection(inputs: ReportInputs): string[] {
  const running = inputs.rules.filter((rule) => rule.runs);
  const wcagTags = (rule: AxeRule) => rule.tags.filter((tag) => /^wcag\d{3,}$/.test(tag)).map((tag) => tag.replace(/^wcag(\d)(\d)(\d+)$/, '$1.$2.$3'));
  const scans = inputs.specs.scans;
  return [
    '## Evidence: the axe suite',
    '',
    `Every scan runs axe-core ${axeVersion} (through \`@axe-core/playwright\`, in Chromium) with the tags ${inputs.setup.tags.map(code).join(', ')} (from \`${axeSetupFile}\`), and fails on any violation. In the light scheme it runs all ${running.length} rules below; in the dark scheme, the colour rules again: ${inputs.setup.colourRules.map(code).join(', ')}.${inputs.setup.disabledRules.length > 0 ? ` Rules switched off by a flow: ${inputs.setup.disabledRules.map(code).join(', ')}.` : ' No flow switches a rule off.'}`,
    '',
    row('axe rule', 'WCAG criteria', 'What it checks'),
    '| --- | --- | --- |',
    ...running.map((rule) => row(code(rule.id), wcagTags(rule).join(', ') || 'best practice', rule.help)),
    '',
    `### Screens scanned (${scans.length} scans in ${new Set(scans.map((s) => s.spec)).size} spec files)`,
    '',
    `Read from every call of \`scan\` or \`violationsOf\` in \`e2e/*.spec.ts\`. A screen written with \`\${...}\` is scanned once for each value (each tool, tab or size in the loop). Viewports are width x height in CSS pixels; ${defaultViewport} is the default.`,
    '',
    row('Spec', 'Test', 'Screen', 'Viewport', 'Schemes and rules'),
    '| --- | --- | --- | --- | --- |',
    ...scans.map((s) => row(s.spec, [...s.describes, s.test].join(' › '), s.screen, s.viewport, s.schemes)),
  ];
}

function flowSection(flows: readonly FlowEvidence[]): string[] {
  return [
    '## Evidence: the keyboard and screen flows',
    '',
    'Playwright flows that show what axe cannot test (F1, F2... in the tables above), cited in `tooling/accessibility/manualEvidence.ts` by spec and exact test title; generating the report fails if a cited test no longer exists.',
    '',
    row('Flow', 'Criteria', 'Spec', 'Test', 'Shows'),
    '| --- | --- | --- | --- | --- |',
    ...flows.map((flow) => row(flowId(flows, flow), flow.criteria.join(', '), flow.spec, flow.test, flow.shows)),
  ];
}

const code = (text: string) => `\`${text}\``;

/** The report, from its inputs. */
export function accessibilityReport(inputs: ReportInputs): string {
  const rows = wcag22Criteria.map((criterion) => conformanceRow(criterion, inputs.rules, inputs.flows, assessments[criterion.id]));
  const flowCount = inputs.flows.length;
  const lines = [
    '# StudyForge Accessibility Conformance Report',
    '',
    'WCAG 2.2 edition, in the layout of the ITI VPAT® 2.5.',
    '',
    '<!-- Generated by `npm run docs:accessibility` (tooling/accessibilityReport.ts) from the axe suite and the flows it cites; do not edit: change the inputs and regenerate. -->',
    '',
    row('', ''),
    '| --- | --- |',
    row('Name of Product/Version', `StudyForge (${inputs.product.name}) ${inputs.product.version}`),
    `${dateLinePrefix} ${inputs.commitDate} (the date of the commit the report was generated from) |`,
    row('Product Description', 'A web app with more than 50 AI study tools for students and teachers: notes, quizzes, flashcards, lesson plans, feedback; results can be saved in projects, studied and exported.'),
    row('Contact Information', 'The project’s issue tracker.'),
    row('Notes', 'Generated from the tests, so it claims only what they show. Each row says how the criterion is tested, what is known not to be met, and what no test shows yet.'),
    row(
      'Evaluation Methods Used',
      `Automated: axe-core ${axeVersion} on ${inputs.specs.scans.length} scans of the app’s screens (every tool’s form and result, each page, the bespoke screens in their states, menus and panels open), in the light and dark colour schemes, at laptop and phone sizes, in Chromium (see "Evidence: the axe suite"). Flows: ${flowCount} Playwright tests that use the app by keyboard or at phone size and check focus, order, messages and layout (see "Evidence: the keyboard and screen flows"). Not yet: a review with a screen reader, or by a person against each criterion.`,
    ),
    '',
    '## Applicable Standards/Guidelines',
    '',
    row('Standard/Guideline', 'Included In Report'),
    '| --- | --- |',
    row('Web Content Accessibility Guidelines 2.0', 'Level A (Yes), Level AA (Yes), Level AAA (No)'),
    row('Web Content Accessibility Guidelines 2.1', 'Level A (Yes), Level AA (Yes), Level AAA (No)'),
    row('Web Content Accessibility Guidelines 2.2', 'Level A (Yes), Level AA (Yes), Level AAA (No)'),
    '',
    '## Terms',
    '',
    'The level of each criterion is set by one rule from the evidence, never written by hand:',
    '',
    ...levelRule.map(([level, meaning]) => `- **${level}**: ${meaning}`),
    '',
    `Summary (${rows.filter((r) => !r.criterion.obsolete).length} criteria): ${summary(rows)}.`,
    '',
    '## WCAG 2.2 Report',
    '',
    '### Table 1: Success Criteria, Level A',
    '',
    ...criteriaTable(rows, 'A'),
    '',
    '### Table 2: Success Criteria, Level AA',
    '',
    ...criteriaTable(rows, 'AA'),
    '',
    '### Table 3: Success Criteria, Level AAA',
    '',
    'Not evaluated: the app does not claim level AAA.',
    '',
    ...axeSection(inputs),
    '',
    ...flowSection(inputs.flows),
    '',
  ];
  return lines.join('\n');
}

/** The report as it should read now. */
export function freshAccessibilityReport(root: string = repositoryRoot): string {
  return accessibilityReport(readReportInputs(root));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(join(repositoryRoot, reportFile), freshAccessibilityReport());
  console.log(`${reportFile}: accessibility report regenerated`);
}
