/*
 * Readable tables: a wide table turns into one card per row on a
 * narrow screen (renderers/shared/tables.css), each cell labelled by its
 * column's header. The labels are data-label attributes, and the stacked
 * layout changes the table elements' display, which makes browsers drop
 * their table semantics; so a stackable table also gets explicit roles,
 * and a screen reader still hears a table with column headers.
 *
 * Markdown tables come from model text sanitised by DOMPurify, which allows
 * neither data- nor role attributes (and must not start to). They are added
 * here, to the DOM the sanitised HTML became: fixed role names, and labels
 * set with setAttribute from the header cells' text (CSS shows them with
 * attr(), as text, never as markup). The structured renderer writes the same
 * attributes in its JSX.
 */

/** Tables with this many columns or more become cards on a narrow screen; two columns still read well side by side. */
export const STACK_MIN_COLUMNS = 3;

/** Marks a table that becomes cards on a narrow screen. */
export const STACK_ATTRIBUTE = 'data-stack';

/** The text a header cell shows, in one line: what labels its column's cells. */
function labelText(cell: Element): string {
  return (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Each column's label, by column index, from the table's header row (colspans spread over the columns they span). */
export function columnLabels(table: HTMLTableElement): string[] {
  const headerRow = table.tHead?.rows[0] ?? (table.rows[0] && [...table.rows[0].cells].every((c) => c.tagName === 'TH') ? table.rows[0] : undefined);
  if (!headerRow) return [];
  return [...headerRow.cells].flatMap((cell) => Array<string>(Math.max(1, cell.colSpan)).fill(labelText(cell)));
}

/** How many columns the table has: its widest row, counting colspans. */
function columnCount(table: HTMLTableElement): number {
  return Math.max(0, ...[...table.rows].map((row) => [...row.cells].reduce((sum, cell) => sum + Math.max(1, cell.colSpan), 0)));
}

/**
 * Labels every body cell of each table under `root` with its column's header
 * and, for tables of STACK_MIN_COLUMNS or more with a header row, marks them
 * stackable and states their roles. Safe to run again on the same tables.
 */
export function makeTablesReadable(root: ParentNode): void {
  for (const table of root.querySelectorAll('table')) {
    const labels = columnLabels(table);
    const stack = labels.length > 0 && columnCount(table) >= STACK_MIN_COLUMNS;
    table.toggleAttribute(STACK_ATTRIBUTE, stack);
    if (stack) table.setAttribute('role', 'table');
    for (const section of [table.tHead, ...table.tBodies, table.tFoot]) {
      if (section && stack) section.setAttribute('role', 'rowgroup');
    }
    const headerRow = labels.length > 0 ? (table.tHead?.rows[0] ?? table.rows[0]) : undefined;
    for (const row of table.rows) {
      if (stack) row.setAttribute('role', 'row');
      let column = 0;
      for (const cell of row.cells) {
        const isHeaderRow = row === headerRow;
        const label = labels[column];
        if (!isHeaderRow && label) cell.setAttribute('data-label', label);
        if (stack) cell.setAttribute('role', isHeaderRow ? 'columnheader' : cell.tagName === 'TH' ? 'rowheader' : 'cell');
        column += Math.max(1, cell.colSpan);
      }
    }
  }
}
