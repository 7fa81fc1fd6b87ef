/*
 * `npm run bench -- --only-classes` measures classes alone, so it may rewrite only the classes rows of the
 * latest table: the sync rows and the page figures beside them came from other runs and must stay exactly
 * as they were, and a later sync-only run must keep the classes rows in turn. Tested on a sample doc.
 */
import { expect, it } from 'vitest';
import type { Row } from './harness';
import { withClassesRows } from './classesReport';
import { latestHeading } from './report';
import { withSyncRows } from './syncReport';

const doc = `# Performance\n\n${latestHeading}\n\nMeasured on 2026-11-27.\n\n| Measure | Value | Target |\n|---|---|---|\n| search per keystroke | 5.1 ms |  |\n`;
const classesRows = (ms: string): Row[] => [{ measure: 'classes submit p50 / p99, PostgreSQL, 2 instances, 35 students', value: `${ms} ms / 90.0 ms` }];
const syncRows: Row[] = [{ measure: 'sync round trip p50 / p99, PGlite, 1 instance', value: '21.0 ms / 29.0 ms' }];

it('a classes-only run replaces its own rows and note, and keeps the sync rows and the page rows; a sync-only run keeps the classes rows', () => {
  const withSync = withSyncRows(doc, syncRows, 'on day one.');
  const once = withClassesRows(withSync, classesRows('41.0'), 'on day two.');
  const twice = withClassesRows(once, classesRows('55.5'), 'on day three.');
  expect(twice).not.toContain('41.0 ms');
  expect(twice).not.toContain('day two');
  for (const kept of ['| search per keystroke | 5.1 ms |  |', '| sync round trip p50 / p99, PGlite, 1 instance | 21.0 ms / 29.0 ms |  |', 'The sync rows are from `npm run bench -- --only-sync` on day one.']) {
    expect(twice).toContain(kept);
  }
  expect(twice).toContain('| classes submit p50 / p99, PostgreSQL, 2 instances, 35 students | 55.5 ms / 90.0 ms |  |');
  expect(twice).toContain('The classes rows are from `npm run bench -- --only-classes` on day three.');

  const syncAgain = withSyncRows(twice, syncRows, 'on day four.');
  expect(syncAgain).toContain('| classes submit p50 / p99, PostgreSQL, 2 instances, 35 students | 55.5 ms / 90.0 ms |  |');
  expect(syncAgain).toContain('The classes rows are from `npm run bench -- --only-classes` on day three.');
});
