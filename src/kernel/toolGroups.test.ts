import { describe, expect, it } from 'vitest';
import { tools } from './catalogue';
import { toolCategories } from './stored/choices';
import { groupByCategory } from './toolGroups';

describe('groupByCategory', () => {
  it('puts every tool under its category once, groups in the declared order, none empty', () => {
    const groups = groupByCategory(tools);
    expect(groups.flatMap((group) => group.tools)).toHaveLength(tools.length);
    expect(groups.map((group) => group.category)).toEqual(toolCategories.filter((category) => tools.some((tool) => tool.category === category)));
    for (const group of groups) {
      expect(group.tools.length).toBeGreaterThan(0);
      expect(group.tools.every((tool) => tool.category === group.category)).toBe(true);
    }
  });

  it('keeps the catalogue order within a group', () => {
    const writing = groupByCategory(tools).find((group) => group.category === 'Writing')!;
    expect(writing.tools.map((tool) => tool.id)).toEqual(tools.filter((tool) => tool.category === 'Writing').map((tool) => tool.id));
  });
});
