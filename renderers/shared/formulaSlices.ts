import type { MathRenderer } from '../../src/features/math';

/*
 * KaTeX takes about half a millisecond a formula: an answer of thousands of
 * formulas, rendered in one go, held the page for seconds (5,000: 2.8 s),
 * clicks and typing included. So formulas are rendered in slices: at most
 * FORMULAS_PER_SLICE in one stretch of work, shared by every view on the
 * page; the rest show as their TeX source and are rendered in later slices,
 * each its own task, so the page answers input in between. A view is told
 * when its formulas are ready and lays them out then.
 *
 * The budget is a count, not a clock, so an answer of ordinary size (up to
 * FORMULAS_PER_SLICE formulas) appears whole in its first paint on any
 * machine, as before.
 */

export const FORMULAS_PER_SLICE = 100;

let renderedInSlice = 0;
let sliceOpen = false;

/** Takes one formula from the current slice's budget; false once it is spent. The slice ends with the task that opened it. */
function takeFromSlice(): boolean {
  if (!sliceOpen) {
    sliceOpen = true;
    renderedInSlice = 0;
    queueMicrotask(() => {
      sliceOpen = false;
    });
  }
  if (renderedInSlice >= FORMULAS_PER_SLICE) return false;
  renderedInSlice += 1;
  return true;
}

interface Waiting {
  tex: string;
  display: boolean;
}

/** Views with formulas waiting, in the order they asked; one slice a task renders for them in turn. */
const waitingViews = new Set<FormulaSlices>();
let sliceScheduled = false;

function renderNextSlice(): void {
  sliceScheduled = false;
  for (const view of waitingViews) {
    if (!view.renderWhileBudgetLasts()) break;
    waitingViews.delete(view);
  }
  scheduleSlice();
}

function scheduleSlice(): void {
  if (sliceScheduled || waitingViews.size === 0) return;
  sliceScheduled = true;
  setTimeout(renderNextSlice, 0);
}

/**
 * One view's formulas: what it has rendered (kept for the view's life, so a
 * formula written a thousand times is rendered once), and what waits for a
 * later slice.
 */
export class FormulaSlices {
  private readonly rendered = new Map<string, string | null>();
  private readonly waiting = new Map<string, Waiting>();
  private ready: (() => void) | undefined;

  constructor(private readonly katex: MathRenderer) {}

  /** A renderer for the view's next layout: a formula not rendered yet and over the slice's budget shows as its source for now. */
  readonly render: MathRenderer = (tex, display) => {
    const key = `${display ? 'D' : 'I'}${tex}`;
    const known = this.rendered.get(key);
    if (known !== undefined || this.rendered.has(key)) return known ?? null;
    if (!takeFromSlice()) {
      this.waiting.set(key, { tex, display });
      return null;
    }
    const html = this.katex(tex, display);
    this.rendered.set(key, html);
    return html;
  };

  /** Has what waits rendered in later slices, and `ready` called once all of it is; nothing when nothing waits. */
  renderWaiting(ready: () => void): void {
    if (this.waiting.size === 0) return;
    this.ready = ready;
    waitingViews.add(this);
    scheduleSlice();
  }

  /** Renders what waits while the slice lasts; true (and the view told) once nothing waits. */
  renderWhileBudgetLasts(): boolean {
    for (const [key, { tex, display }] of this.waiting) {
      if (!takeFromSlice()) return false;
      this.rendered.set(key, this.katex(tex, display));
      this.waiting.delete(key);
    }
    this.ready?.();
    return true;
  }

  /** The view has gone (or its effect is being run again): nothing is rendered for it until renderWaiting is called again. */
  stop(): void {
    waitingViews.delete(this);
  }
}
