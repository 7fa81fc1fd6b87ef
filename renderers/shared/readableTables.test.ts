// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '../../src/kernel/safeHtml';
import { columnLabels, makeTablesReadable } from './readableTables';

/** Markdown through the app's one sanitised path, then the table pass, as MarkdownView does it. */
function rendered(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = markdownToSafeHtml(markdown);
  makeTablesReadable(root);
  return root;
}

const rubric = `| Criterion | Excellent (4) | Proficient (3) |
|---|---|---|
| Claim | States a precise claim. | States a clear claim. |
| Evidence | Every reason is backed. | Most reasons are backed. |`;

const cells = (root: HTMLElement, selector: string) => [...root.querySelectorAll(selector)];

describe('makeTablesReadable', () => {
  it('labels every body cell with its column header, so a card on a phone says what each cell is', () => {
    const root = rendered(rubric);
    expect(cells(root, 'tbody tr').map((row) => [...row.children].map((cell) => `${cell.getAttribute('data-label')}: ${cell.textContent}`))).toEqual([
      ['Criterion: Claim', 'Excellent (4): States a precise claim.', 'Proficient (3): States a clear claim.'],
      ['Criterion: Evidence', 'Excellent (4): Every reason is backed.', 'Proficient (3): Most reasons are backed.'],
    ]);
    // The header cells name the columns themselves.
    expect(cells(root, 'th').every((th) => !th.hasAttribute('data-label'))).toBe(true);
  });

  it('marks a table of three or more columns stackable and keeps its table roles for screen readers', () => {
    const table = rendered(rubric).querySelector('table')!;
    expect(table.hasAttribute('data-stack')).toBe(true);
    expect(table.getAttribute('role')).toBe('table');
    expect(cells(table, 'thead, tbody').map((s) => s.getAttribute('role'))).toEqual(['rowgroup', 'rowgroup']);
    expect(cells(table, 'tr').every((tr) => tr.getAttribute('role') === 'row')).toBe(true);
    expect(cells(table, 'th').map((c) => c.getAttribute('role'))).toEqual(['columnheader', 'columnheader', 'columnheader']);
    expect(new Set(cells(table, 'td').map((c) => c.getAttribute('role')))).toEqual(new Set(['cell']));
  });

  it('leaves a two-column table side by side: labelled, but neither stackable nor given roles', () => {
    const table = rendered('| Term | Meaning |\n|---|---|\n| Photon | A particle of light. |').querySelector('table')!;
    expect(table.hasAttribute('data-stack')).toBe(false);
    expect(cells(table, '[role]')).toEqual([]);
    expect(cells(table, 'td').map((c) => c.getAttribute('data-label'))).toEqual(['Term', 'Meaning']);
  });

  it('takes a label from the header text only: markup in a header is not copied, and runs of spaces become one', () => {
    const root = rendered('| **What** _happens_ | Time | Phase |\n|---|---|---|\n| a | b | c |');
    expect(cells(root, 'td').map((c) => c.getAttribute('data-label'))).toEqual(['What happens', 'Time', 'Phase']);
  });

  it('adds nothing the sanitiser refused: model text cannot set a label, a role or any other attribute', () => {
    const root = rendered('| A | B | C |\n|---|---|---|\n| <td data-label="x" role="button" onclick="alert(1)">x</td> | y | z |');
    for (const el of cells(root, '*')) {
      for (const { name } of [...el.attributes]) expect(['data-label', 'data-stack', 'role']).toContain(name);
    }
    expect(cells(root, 'td').map((c) => c.getAttribute('data-label'))).toEqual(['A', 'B', 'C']);
    expect(root.querySelector('[role=button]')).toBeNull();
  });

  it('spreads a spanning header over its columns and counts spans when labelling, and is safe to run twice', () => {
    const root = document.createElement('div');
    root.innerHTML = '<table><thead><tr><th>Phase</th><th colspan="2">Timing</th></tr></thead><tbody><tr><td colspan="2">Hook</td><td>5 min</td></tr></tbody></table>';
    const table = root.querySelector('table')!;
    expect(columnLabels(table)).toEqual(['Phase', 'Timing', 'Timing']);
    makeTablesReadable(root);
    makeTablesReadable(root);
    expect(cells(root, 'td').map((c) => c.getAttribute('data-label'))).toEqual(['Phase', 'Timing']);
    expect(table.hasAttribute('data-stack')).toBe(true);
  });

  it('leaves a table without a header row unlabelled and as it was', () => {
    const root = document.createElement('div');
    root.innerHTML = '<table><tbody><tr><td>a</td><td>b</td><td>c</td></tr></tbody></table>';
    makeTablesReadable(root);
    expect(cells(root, '[data-label], [role], [data-stack]')).toEqual([]);
  });
});
