/*
 * Puts a list's items in rank order with the fewest DOM moves, for the
 * sidebar's ranked search at hundreds of tools: React's keyed
 * reordering moved nearly every link on most keystrokes, and those moves were
 * most of a keystroke's cost. It comes with the search index (ranking.ts), as
 * only a ranked search reorders anything, so the first load does not carry it.
 */

/** The indexes of a longest strictly increasing run in `values` (patience sorting, O(n log n)). */
export function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = []; // tails[k]: the index that ends the best run of length k + 1 found so far
  const before: number[] = [];
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]!]! < value) low = mid + 1;
      else high = mid;
    }
    before[i] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = i;
  });
  const run = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = before[i]!) run.add(i);
  return run;
}

/**
 * Puts the children of `parent` that stand for `wanted` (each child names its tool in data-tool) in that order:
 * those in a longest run already in order stay, and each other one goes just before its successor (the last, to
 * the end). The other children (hidden links) stay wherever they are, as their place shows nowhere.
 */
export function arrangeInOrder(parent: Element, wanted: readonly { id: string }[]): void {
  const children = new Map<string, [element: Element, at: number]>();
  let at = 0;
  for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
    const tool = (child as HTMLElement).dataset.tool;
    if (tool !== undefined) children.set(tool, [child, at]);
    at++;
  }
  const elements = wanted.flatMap((w) => {
    const child = children.get(w.id);
    return child ? [child] : [];
  });
  const stay = longestIncreasing(elements.map(([, position]) => position));
  for (let i = elements.length - 1; i >= 0; i--) {
    if (!stay.has(i)) parent.insertBefore(elements[i]![0], elements[i + 1]?.[0] ?? null);
  }
}
