/*
 * `npm run bench` writes its figures into docs/performance.md itself: the section under its heading is
 * replaced whole, with the run's machine and date, and nothing else in the doc moves. Tested on sample
 * figures, since a real run takes minutes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from './harness';
import { latestHeading, latestMeasurementsSection, measurementsTable, withLatestMeasurements, writeLatestMeasurements, type BenchRun } from './report';

const sampleRows: Row[] = [
  { measure: '#/dashboard JavaScript', value: '91.3 KB', target: '<= 80 KB', ok: false },
  { measure: '#/essay-buddy JavaScript', value: '113.4 KB', target: '<= 116 KB', ok: true },
  { measure: '#/ FCP / LCP / TBT / CLS', value: '1684.8 ms / 2136.4 ms / 0.0 ms / 0.000' },
  { measure: 'a measure | with a bar', value: '1.0 ms' },
];
const sampleRun: BenchRun = {
  date: '2026-11-27',
  platform: 'linux',
  arch: 'x64',
  node: 'v20.20.2',
  cores: 2,
  browser: 'Chromium 156.0.7000.0',
  lighthouse: true,
  seconds: 412,
};

const doc = (latest: string, after = ''): string =>
  `# Performance\n\n## The benchmark\n\nHow it runs.\n\n## Earlier measurements\n\nOld figures.\n\n${latest}${after}`;

describe('the figures the bench writes', () => {
  it('are a table with every measure, its value, and each target marked met or NOT met', () => {
    expect(measurementsTable(sampleRows).split('\n')).toEqual([
      '| Measure | Value | Target |',
      '|---|---|---|',
      '| #/dashboard JavaScript | 91.3 KB | <= 80 KB (NOT met) |',
      '| #/essay-buddy JavaScript | 113.4 KB | <= 116 KB (met) |',
      '| #/ FCP / LCP / TBT / CLS | 1684.8 ms / 2136.4 ms / 0.0 ms / 0.000 |  |',
      '| a measure \\| with a bar | 1.0 ms |  |',
    ]);
  });

  it('say when, on what machine and browser, and how many targets were missed', () => {
    const section = latestMeasurementsSection(sampleRows, sampleRun);
    expect(section.startsWith(`${latestHeading}\n\nMeasured on 2026-11-27: linux x64, 2 cores, Node 20.20.2, Chromium 156.0.7000.0;`)).toBe(true);
    expect(section).toContain('with Lighthouse, 412 s in all. 1 of 2 targets not met.');
    expect(latestMeasurementsSection(sampleRows, { ...sampleRun, lighthouse: false })).toContain('without Lighthouse');
  });
});

describe('writing them into the doc', () => {
  const section = latestMeasurementsSection(sampleRows, sampleRun);

  it('replaces the hand-typed section at the end of the doc and keeps everything before it', () => {
    const written = withLatestMeasurements(doc(`${latestHeading}\n\nTyped by hand.\n\n| old | table |\n`), section);
    expect(written).toBe(doc(section));
    expect(written).not.toContain('Typed by hand');
  });

  it('stops at the next section, which it keeps', () => {
    const after = '\n## Notes\n\nKept.\n';
    expect(withLatestMeasurements(doc(`${latestHeading}\n\nOld.\n`, after), section)).toBe(doc(section, after));
  });

  it('gives the same doc when written twice, never a second section', () => {
    const once = withLatestMeasurements(doc(`${latestHeading}\n\nOld.\n`), section);
    expect(withLatestMeasurements(once, section)).toBe(once);
    expect(once.split(latestHeading).length).toBe(2);
  });

  it('refuses a doc whose heading was renamed rather than add a second table somewhere', () => {
    expect(() => withLatestMeasurements(doc('## Latest figures\n\nOld.\n'), section)).toThrow(/no heading/);
  });

  it('writes the file in place', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'bench-report-'));
    try {
      const path = join(folder, 'performance.md');
      writeFileSync(path, doc(`${latestHeading}\n\nOld.\n`));
      await writeLatestMeasurements(path, sampleRows, sampleRun);
      expect(readFileSync(path, 'utf8')).toBe(doc(section));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('finds its heading in docs/performance.md and keeps every other section of it', () => {
    const performanceDoc = readFileSync(resolve(import.meta.dirname, '../../docs/performance.md'), 'utf8');
    const headings = (text: string) => text.split('\n').filter((line) => line.startsWith('## '));
    const written = withLatestMeasurements(performanceDoc, section);
    expect(headings(written)).toEqual(headings(performanceDoc));
    expect(written).toContain('| #/essay-buddy JavaScript | 113.4 KB | <= 116 KB (met) |');
  });
});
