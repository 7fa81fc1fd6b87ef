/*
 * The accessibility report (docs/accessibility.md) is generated from the axe suite and the flows it cites,
 * and kept: a contributor who changes a scan, the axe configuration, a cited flow or the evidence and does
 * not run `npm run docs:accessibility` sees this fail, and so does one who renames or deletes a cited test.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { axeRules, readAxeSetup, rulesFor } from './accessibility/axeCoverage';
import { conformanceRow, missingCitations } from './accessibility/conformance';
import { readSpec, readSpecs } from './accessibility/e2eSpecs';
import { flowEvidence, type FlowEvidence } from './accessibility/manualEvidence';
import { wcag22Criteria, type Criterion } from './accessibility/wcag22';
import { dateLinePrefix, freshAccessibilityReport, readReportInputs, reportFile, repositoryRoot } from './accessibilityReport';

const withoutDate = (report: string) => report.replace(new RegExp(`^${dateLinePrefix.replaceAll('|', '\\|')}.*$`, 'm'), '(date)');

describe('docs/accessibility.md', () => {
  it('is the report the generator writes now (run npm run docs:accessibility when this fails)', () => {
    const doc = readFileSync(join(repositoryRoot, reportFile), 'utf8');
    const fresh = freshAccessibilityReport();
    expect(withoutDate(doc)).toBe(withoutDate(fresh));
    // The date is the commit's, so it is never later than the commit checked out now.
    const date = (text: string) => /(\d{4}-\d{2}-\d{2})/.exec(text.split('\n').find((line) => line.startsWith(dateLinePrefix)) ?? '')?.[1];
    expect(date(doc), 'the report names the date of a commit').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(date(doc)! <= date(fresh)!, `report date ${date(doc)} after the commit's ${date(fresh)}`).toBe(true);
  }, 60_000);

  it('cites only tests that exist, by spec and exact title', () => {
    expect(missingCitations(flowEvidence, readSpecs(repositoryRoot).tests)).toEqual([]);
  });

  it('refuses to generate when a cited test does not exist, naming it', () => {
    const first = flowEvidence[0]!;
    const misspelt: FlowEvidence = { ...first, test: first.test.replace('arrow keys', 'arow keys') };
    expect(() => readReportInputs(repositoryRoot, [misspelt, ...flowEvidence.slice(1)])).toThrow(`${first.spec}: “${misspelt.test}”`);
  });

  it('has a row for every WCAG 2.2 A and AA criterion, with the new ones marked and 4.1.1 obsolete', () => {
    const ids = wcag22Criteria.map((criterion) => criterion.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(wcag22Criteria.filter((c) => c.level === 'A' && !c.obsolete)).toHaveLength(31);
    expect(wcag22Criteria.filter((c) => c.level === 'AA')).toHaveLength(24);
    expect(wcag22Criteria.filter((c) => c.newIn22).map((c) => c.id)).toEqual(['2.4.11', '2.5.7', '2.5.8', '3.2.6', '3.3.7', '3.3.8']);
    expect(wcag22Criteria.filter((c) => c.obsolete).map((c) => c.id)).toEqual(['4.1.1']);
  });
});

describe('what the axe suite checks', () => {
  const setup = readAxeSetup(repositoryRoot, []);

  it('is read from the suite’s configuration and decided by axe-core', () => {
    expect(setup.tags).toContain('wcag22aa');
    expect(setup.colourRules).toContain('color-contrast');
    const rules = axeRules(setup);
    expect(rulesFor('1.4.3', rules).running.map((rule) => rule.id)).toEqual(['color-contrast']);
    expect(rulesFor('2.5.8', rules).running.map((rule) => rule.id)).toEqual(['target-size']);
    // An experimental rule does not run, and the report says why.
    expect(rulesFor('2.5.3', rules).notRunning).toEqual([expect.objectContaining({ id: 'label-content-name-mismatch', whyNot: 'experimental in axe-core' })]);
  });

  it('changes with the suite: without the 2.2 tag the target-size rule does not run, and a switched-off rule is not counted', () => {
    const rules = axeRules({ ...setup, tags: setup.tags.filter((tag) => tag !== 'wcag22aa'), disabledRules: ['color-contrast'] });
    expect(rulesFor('2.5.8', rules).running).toEqual([]);
    expect(rulesFor('1.4.3', rules).notRunning).toEqual([expect.objectContaining({ id: 'color-contrast', whyNot: 'switched off by the suite' })]);
  });
});

describe('the screens a spec scans', () => {
  const root = mkdtempSync(join(tmpdir(), 'a11y-report-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'e2e'));
  writeFileSync(
    join(root, 'e2e/sample.spec.ts'),
    [
      "const phone = { width: 390, height: 844 };",
      "test('on a laptop', async ({ page }) => { await scan(page, 'dashboard'); await scan(page, `${id} form`, { dark: false }); });",
      "test.describe('phone', () => {",
      "  test.use({ viewport: phone });",
      "  test('menu', async ({ page }) => { await scan(page, 'menu open', { dark: firstTimeDark(seen, 'menu') }); });",
      "  test('resized', async ({ page }) => { await page.setViewportSize({ width: 320, height: 640 }); expect(await violationsOf(page, 'narrow')).toEqual([]); });",
      '});',
    ].join('\n'),
  );

  it('names each scan with its test, viewport and schemes', () => {
    const reading = readSpec(root, 'e2e/sample.spec.ts');
    expect(reading.tests.map((test) => [test.describes.join('>'), test.title])).toEqual([['', 'on a laptop'], ['phone', 'menu'], ['phone', 'resized']]);
    expect(reading.scans.map(({ test, screen, viewport, schemes }) => [test, screen, viewport, schemes])).toEqual([
      ['on a laptop', 'dashboard', '1280x720', 'light: all rules; dark: colour rules'],
      ['on a laptop', '${id} form', '1280x720', 'light: all rules'],
      ['menu', 'menu open', '390x844', 'light: all rules; dark: colour rules, for the first of each kind of screen'],
      ['resized', 'narrow', '320x640', 'light: all rules'],
    ]);
  });
});

describe('the level of a criterion', () => {
  const criterion: Criterion = { id: '2.4.7', name: 'Focus Visible', level: 'AA' };
  const flow: FlowEvidence = { criteria: ['2.4.7'], spec: 'e2e/focus.spec.ts', test: 'focus ring', shows: 'a ring on focus' };
  const rules = axeRules(readAxeSetup(repositoryRoot, []));

  it('follows the evidence and the assessment, never a level written by hand', () => {
    expect(conformanceRow(criterion, rules, [], {}).level).toBe('Not Evaluated');
    expect(conformanceRow(criterion, rules, [flow], {}).level).toBe('Supports');
    expect(conformanceRow(criterion, rules, [flow], { notShown: ['on the phone'] }).level).toBe('Partially Supports');
    expect(conformanceRow(criterion, rules, [], { notMet: ['the menu has no ring'] }).level).toBe('Partially Supports');
    expect(conformanceRow(criterion, rules, [flow], { notApplicable: 'nothing takes focus' }).level).toBe('Not Applicable');
    expect(conformanceRow({ ...criterion, id: '4.1.1', obsolete: true }, rules, [], {}).remarks[0]).toMatch(/^Obsolete: removed from WCAG 2.2/);
  });

  it('names the flows and axe rules that test it, and what is not met', () => {
    const contrast = conformanceRow({ id: '1.4.3', name: 'Contrast (Minimum)', level: 'AA' }, rules, [], { notMet: ['grey hints'] });
    expect(contrast.remarks).toEqual(['Tested by axe on every scanned screen: `color-contrast` (in the dark scheme too).', 'Not met: grey hints']);
    const labelInName = conformanceRow({ id: '2.5.3', name: 'Label in Name', level: 'A' }, rules, [], {});
    expect(labelInName.level).toBe('Not Evaluated');
    expect(labelInName.remarks).toEqual(['axe rules for it that the suite does not run: `label-content-name-mismatch` (experimental in axe-core).']);
    expect(conformanceRow(criterion, rules, [flow], {}).remarks).toEqual(['Tested by flows: F1 a ring on focus.']);
  });
});
