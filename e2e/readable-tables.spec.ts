import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { scan } from './support/a11y';
import { generateExample, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Readable tables (tables must not break words): the Rubric Builder's and
 * the Lesson Plan Variator's tables on a laptop and a phone, generated with
 * the offline sample backend (each tool's registry example). On the laptop
 * every header cell is one line and no word is split across lines; on the
 * phone a wide table is one card per row, each cell under its column's name,
 * still a table to a screen reader, and no word is split either. The Lesson
 * Plan Variator shows its three variants as tabs.
 */

const tools = await loadRegistry();
const rubricBuilder = toolById(tools, 'rubric-builder');
const lessonPlans = toolById(tools, 'lesson-plan-variator');

const laptop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };

/** How many lines the element's text takes, measured on the rendered text itself (a Range's line boxes). */
function lineCounts(cells: Locator): Promise<{ text: string; lines: number }[]> {
  return cells.evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops: number[] = [];
      for (const rect of range.getClientRects()) {
        // Line boxes of one line share a top (within a pixel or two for inline marks such as bold).
        if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top);
      }
      return { text: (el.textContent ?? '').trim(), lines: tops.length };
    }),
  );
}

/**
 * Every word in the cells that the browser split over two lines. A word is a
 * run without spaces; a break just after a hyphen ("Counter-" / "argument")
 * is where a reader expects one, so the parts either side count as words.
 */
function wordsSplitAcrossLines(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((els) => {
    const split: string[] = [];
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const lines = new Set(rects.map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(`"${match[0]}" in "${(el.textContent ?? '').trim().slice(0, 40)}"`);
        }
      }
    }
    return split;
  });
}

/** The page scrolls sideways: something is wider than the screen. */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** The headers a markdown table in the example has, in order (its first row). */
function headersIn(markdown: string): string[] {
  const row = markdown.split('\n').find((line) => line.trim().startsWith('|'));
  return (row ?? '').split('|').map((cell) => cell.trim()).filter((cell) => cell !== '');
}

const rubricHeaders = headersIn(z.string().parse(rubricBuilder.example.output));
const lessonOutput = z
  .object({ variant1: z.string(), variant2: z.string(), variant3: z.string(), differentiation: z.array(z.string()) })
  .parse(lessonPlans.example.output);
const lessonHeaders = headersIn(lessonOutput.variant1);
const approaches = [lessonOutput.variant1, lessonOutput.variant2, lessonOutput.variant3].map((text) => text.split('\n')[0]!.replace(/^#+\s*/, ''));

/** The rubric's table, or the first lesson plan's (in its tab panel), once generated. */
const cases = [
  { tool: rubricBuilder, headers: rubricHeaders, table: (result: Locator) => result.getByRole('table') },
  { tool: lessonPlans, headers: lessonHeaders, table: (result: Locator) => result.getByRole('tabpanel').getByRole('table') },
];

test('the examples hold the tables the flows check', () => {
  expect(rubricHeaders).toEqual(['Criterion', 'Excellent (4)', 'Proficient (3)', 'Developing (2)', 'Beginning (1)']);
  expect(lessonHeaders).toEqual(['Phase', 'Time', 'What happens']);
});

// Two axe scans (every rule in light, the colour rules in dark) on a long result take 10 to 20 s on a busy 2-core machine.
const scanTimeout = 90_000;

test.describe('on a laptop (1366x800)', () => {
  test.use({ viewport: laptop });

  for (const { tool, headers, table: tableIn } of cases) {
    test(`${tool.id}: each header on one line, no word split, side by side; axe clean`, async ({ page }) => {
      test.setTimeout(scanTimeout);
      const result = await generateExample(page, tool);
      const table = tableIn(result);
      await expect(table.getByRole('columnheader')).toHaveText(headers);
      // A table, not cards: the columns sit side by side.
      expect(await table.evaluate((el) => getComputedStyle(el).display)).toBe('table');

      const headerLines = await lineCounts(table.getByRole('columnheader'));
      expect(headerLines.filter((h) => h.lines !== 1), 'header cells on more than one line').toEqual([]);
      expect(await wordsSplitAcrossLines(table.locator('th, td'))).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);

      await scan(page, `${tool.id} result, laptop`);
    });
  }
});

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: phone });

  for (const { tool, headers, table: tableIn } of cases) {
    test(`${tool.id}: one card per row, each cell under its column's name, no word split; still a table; axe clean`, async ({ page }) => {
      test.setTimeout(scanTimeout);
      const result = await generateExample(page, tool);
      const table = tableIn(result);
      const rows = table.locator('tbody > tr');
      const rowCount = await rows.count();
      expect(rowCount).toBeGreaterThanOrEqual(4);

      // Cards: each row is a box as wide as the table, its cells one under another at the row's full width.
      const layout = await rows.evaluateAll((trs) =>
        trs.map((tr) => ({
          display: getComputedStyle(tr).display,
          rowWidth: tr.getBoundingClientRect().width,
          cells: [...tr.children].map((cell) => {
            const box = cell.getBoundingClientRect();
            const label = getComputedStyle(cell, '::before');
            return { width: box.width, top: box.top, label: cell.getAttribute('data-label'), labelShown: label.display === 'block' && label.content !== 'none' };
          }),
        })),
      );
      for (const row of layout) {
        expect(row.display).toBe('block');
        expect(row.cells.map((c) => c.label)).toEqual(headers);
        expect(row.cells.every((c) => c.labelShown)).toBe(true);
        expect(row.cells.every((c) => Math.abs(c.width - row.rowWidth) <= 2)).toBe(true);
        expect(row.cells.map((c) => c.top)).toEqual([...row.cells.map((c) => c.top)].sort((a, b) => a - b));
      }
      // The header row is out of sight (each card names its cells) but is still there for screen readers.
      expect(await table.locator('thead').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
      await expect(table).toHaveAttribute('role', 'table');
      await expect(table.getByRole('columnheader')).toHaveText(headers);
      await expect(table.getByRole('row')).toHaveCount(rowCount + 1);
      await expect(table.getByRole('cell')).toHaveCount(rowCount * headers.length);

      expect(await wordsSplitAcrossLines(table.locator('td'))).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);

      await scan(page, `${tool.id} result, phone`);
    });
  }
});

for (const [size, viewport] of [['laptop', laptop], ['phone', phone]] as const) {
  test(`lesson-plan-variator on a ${size}: the three variants are tabs, moved between with the arrow keys`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const result = await generateExample(page, lessonPlans);
    const tabs = result.getByRole('tab');
    await expect(tabs).toHaveText(['Variant 1', 'Variant 2', 'Variant 3']);
    const panel = result.getByRole('tabpanel');
    const expectAt = async (i: number) => {
      await expect(tabs.nth(i)).toBeFocused();
      await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
      await expect(panel).toHaveCount(1);
      await expect(panel).toHaveAccessibleName(`Variant ${i + 1}`);
      await expect(panel.getByRole('heading', { level: 3 })).toHaveText(approaches[i]!);
      // One plan at a time: only the chosen variant's table is shown.
      await expect(result.getByRole('table')).toHaveCount(1);
    };

    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(approaches[0]!);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expectAt(1);
    await page.keyboard.press('ArrowRight');
    await expectAt(2);
    await page.keyboard.press('ArrowRight');
    await expectAt(0);
    await page.keyboard.press('ArrowLeft');
    await expectAt(2);
    await page.keyboard.press('Home');
    await expectAt(0);
    await page.keyboard.press('End');
    await expectAt(2);
    // Only the chosen tab is in the Tab order: Tab goes on to its panel.
    await page.keyboard.press('Tab');
    await expect(panel).toBeFocused();

    // The tips for every variant are shown once, after the tabs, whichever tab is chosen.
    const tips = result.getByRole('region', { name: 'Differentiation (every variant)' });
    await expect(tips.getByRole('listitem')).toHaveText(lessonOutput.differentiation);
  });
}
