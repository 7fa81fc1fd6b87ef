/*
 * `npm run bench -- --only-sync` measures sync alone, so it may rewrite only the sync rows of the latest
 * table: the page figures beside them came from another run and must stay exactly as they were. Tested on
 * a sample doc, since a real run takes minutes. Also how a device reads the live stream's events.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from './harness';
import { latestHeading } from './report';
import { changedSeq } from './syncDevice';
import { withSyncRows } from './syncReport';

const pageRows = ['| Measure | Value | Target |', '|---|---|---|', '| #/dashboard JavaScript | 88.8 KB | <= 80 KB (NOT met) |', '| search per keystroke | 5.1 ms |  |'];
const doc = (tableRows: string[], tail = '') =>
  `# Performance\n\n## Sync\n\nHow it is measured.\n\n${latestHeading}\n\nMeasured on 2026-11-27.\n\n${[...pageRows, ...tableRows].join('\n')}\n${tail}`;
const syncRows = (ms: string): Row[] => [
  { measure: 'sync round trip p50 / p99, PGlite, 1 instance, one user alone', value: `${ms} ms / 90.0 ms` },
  { measure: 'sync, PGlite, 2 instances', value: 'not applicable' },
];

describe('the sync rows a sync-only bench run writes', () => {
  it('join the latest table, keeping every other row and the text around it', () => {
    const written = withSyncRows(doc([]), syncRows('41.0'), 'on 2026-11-28: linux x64.');
    expect(written).toBe(
      doc(
        ['| sync round trip p50 / p99, PGlite, 1 instance, one user alone | 41.0 ms / 90.0 ms |  |', '| sync, PGlite, 2 instances | not applicable |  |'],
        '\nThe sync rows are from `npm run bench -- --only-sync` on 2026-11-28: linux x64.\n',
      ),
    );
  });

  it('replace the sync rows and the note of an earlier sync run rather than adding to them', () => {
    const once = withSyncRows(doc([], '\n## After\n\nMore.\n'), syncRows('41.0'), 'on day one.');
    const twice = withSyncRows(once, syncRows('55.5'), 'on day two.');
    expect(twice).toBe(withSyncRows(doc([], '\n## After\n\nMore.\n'), syncRows('55.5'), 'on day two.'));
    expect(twice).not.toContain('41.0 ms');
    expect(twice).not.toContain('day one');
    expect(twice).toContain('| search per keystroke | 5.1 ms |  |');
    expect(twice.endsWith('on day two.\n\n## After\n\nMore.\n')).toBe(true);
  });

  it('refuses a doc without the latest measurements heading instead of writing elsewhere', () => {
    expect(() => withSyncRows('# Performance\n\nNo table.\n', syncRows('41.0'), 'now.')).toThrow(latestHeading);
  });
});

describe('a device reading the live stream', () => {
  it('takes the change number of a changed event and ignores comments and other events', () => {
    expect(changedSeq('event: changed\ndata: {"seq":42}')).toBe(42);
    expect(changedSeq(': following changes')).toBeUndefined();
    expect(changedSeq('event: other\ndata: {"seq":42}')).toBeUndefined();
    expect(changedSeq('event: changed\ndata: not json')).toBeUndefined();
  });
});
