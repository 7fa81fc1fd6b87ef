// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arrangeInOrder, longestIncreasing } from './arrangeInOrder';

function list(ids: string[]): HTMLUListElement {
  const ul = document.createElement('ul');
  for (const id of ids) {
    const li = document.createElement('li');
    li.dataset.tool = id;
    li.textContent = id;
    ul.append(li);
  }
  return ul;
}

const order = (ul: Element) => [...ul.children].map((li) => (li as HTMLElement).dataset.tool);
const wanted = (ids: string[]) => ids.map((id) => ({ id }));

afterEach(() => vi.restoreAllMocks());

describe('longestIncreasing', () => {
  it('finds a longest strictly increasing run', () => {
    const values = [3, 1, 4, 1, 5, 9, 2, 6];
    const run = [...longestIncreasing(values)].sort((a, b) => a - b).map((i) => values[i]!);
    expect(run).toHaveLength(4);
    expect(run).toEqual([...run].sort((a, b) => a - b));
    expect(new Set(run).size).toBe(run.length);
  });

  it('is everything for an ordered list, one item for a reversed one, nothing for none', () => {
    expect(longestIncreasing([0, 1, 2, 3]).size).toBe(4);
    expect(longestIncreasing([3, 2, 1, 0]).size).toBe(1);
    expect(longestIncreasing([]).size).toBe(0);
  });
});

describe('arrangeInOrder', () => {
  it('puts the wanted items in their order, moving only those out of order', () => {
    const ul = list(['a', 'b', 'c', 'd', 'e', 'f']);
    const moves = vi.spyOn(ul, 'insertBefore');
    arrangeInOrder(ul, wanted(['e', 'a', 'b', 'c', 'd', 'f']));
    expect(order(ul)).toEqual(['e', 'a', 'b', 'c', 'd', 'f']);
    expect(moves).toHaveBeenCalledTimes(1);
  });

  it('leaves the others where they are and the wanted ones in order among them', () => {
    const ul = list(['a', 'b', 'c', 'd', 'e', 'f']);
    arrangeInOrder(ul, wanted(['f', 'd', 'b']));
    expect(order(ul).filter((id) => ['b', 'd', 'f'].includes(id!))).toEqual(['f', 'd', 'b']);
    expect(order(ul).filter((id) => ['a', 'c', 'e'].includes(id!))).toEqual(['a', 'c', 'e']);
  });

  it('moves nothing when they are in order already, and can restore the first order', () => {
    const ul = list(['a', 'b', 'c', 'd']);
    const moves = vi.spyOn(ul, 'insertBefore');
    arrangeInOrder(ul, wanted(['a', 'c', 'd']));
    expect(moves).not.toHaveBeenCalled();
    arrangeInOrder(ul, wanted(['d', 'c', 'b', 'a']));
    expect(order(ul)).toEqual(['d', 'c', 'b', 'a']);
    arrangeInOrder(ul, wanted(['a', 'b', 'c', 'd']));
    expect(order(ul)).toEqual(['a', 'b', 'c', 'd']);
  });
});
