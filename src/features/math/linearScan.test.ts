// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '../../kernel/safeHtml';
import { containsMath, splitMath, type MathRenderer } from '../../kernel/mathDelimiters';
import { loadMathRenderer } from './katex';

/*
 * A model's answer is untrusted and can be long: finding its math must cost
 * time in proportion to its length. An answer of thousands of openers with
 * no closer (`\( \( \( …`) used to be searched to its end once per opener,
 * so ten times the text took a hundred times as long (a 200 KB answer froze
 * the tab for seconds, while streaming and again on each visit).
 *
 * Speed itself is not asserted: ten times the text may take at most
 * GROWTH_LIMIT times as long (linear work gives about 10, the old quadratic
 * search about 100). What is compared is processor time, each size's best
 * of a few runs after a warm-up, so other work on a busy machine does not
 * count.
 */

const GROWTH_LIMIT = 30;

/** Hostile answers: each unit repeated, never closing what it opens (or closing it around nothing). */
const unclosed: readonly [string, string][] = [
  ['\\(', '\\(a '],
  ['\\[', '\\[a '],
  ['$$', '$$ $$ '],
  ['$', '$a \\$ '],
  ['mixed', '\\(a \\[b $c '],
];

const answer = (unit: string, kb: number) => unit.repeat(Math.ceil((kb * 1024) / unit.length));

/** Processor time spent by this test process, in milliseconds: unlike wall time, not stretched by other work on the machine. */
function cpuTime(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/** How many times longer ten times the text takes: each size's best of three runs, taken in turn. */
function growth(work: (text: string) => void, unit: string, smallKb: number): number {
  const small = answer(unit, smallKb);
  const large = answer(unit, smallKb * 10);
  work(small);
  let [bestSmall, bestLarge] = [Infinity, Infinity];
  for (let round = 0; round < 3; round++) {
    bestSmall = Math.min(bestSmall, cpuTime(() => work(small)));
    bestLarge = Math.min(bestLarge, cpuTime(() => work(large)));
  }
  // A clock's resolution is not work: below a millisecond counts as one.
  return bestLarge / Math.max(bestSmall, 1);
}

let render: MathRenderer;
beforeAll(async () => {
  render = await loadMathRenderer();
});

describe('finding math in a long hostile answer', () => {
  it.each(unclosed)('takes time in proportion to its length with unclosed %s (splitting and detecting)', { timeout: 120_000 }, (_, unit) => {
    expect(containsMath(answer(unit, 1))).toBe(false);
    expect(growth((text) => splitMath(text), unit, 50)).toBeLessThan(GROWTH_LIMIT);
    expect(growth((text) => containsMath(text), unit, 50)).toBeLessThan(GROWTH_LIMIT);
  });

  it.each(unclosed)('takes time in proportion to its length with unclosed %s in markdown', { timeout: 120_000 }, (_, unit) => {
    expect(growth((text) => markdownToSafeHtml(text, render), unit, 30)).toBeLessThan(GROWTH_LIMIT);
  });

  it('still finds the formula after thousands of unclosed openers', () => {
    const text = `${answer('\\(a \\[b ', 50)} then $x^2$ and $$y$$`;
    expect(splitMath(text).filter((s) => s.kind === 'math')).toEqual([
      { kind: 'math', tex: 'x^2', display: false, source: '$x^2$' },
      { kind: 'math', tex: 'y', display: true, source: '$$y$$' },
    ]);
    const root = document.createElement('div');
    root.innerHTML = markdownToSafeHtml(text, render);
    expect(Array.from(root.querySelectorAll('annotation'), (a) => a.textContent)).toEqual(['x^2', 'y']);
  });
});
