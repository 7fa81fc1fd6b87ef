// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import { labelOf } from '../../src/kernel/resultText';
import { fourTabsFixture, markdownTabsFixture, threeTabsFixture } from '../testing/fixtures';
import { rendererProps } from '../testing/rendererProps';
import VariantTabs from './VariantTabs';

afterEach(cleanup);

/** The tabs a tool should get: its result's string fields, labelled from the schema, with the example's texts. */
function expectedTabs(tool: ToolDeclaration) {
  const props = rendererProps(tool);
  const data = tool.example.output as Record<string, string>;
  return Object.entries(props.schema?.properties ?? {}).map(([key, node]) => ({ label: labelOf(key, node), text: data[key] ?? '' }));
}

function selectedPanel() {
  return screen.getByRole('tabpanel');
}

describe.each([threeTabsFixture, fourTabsFixture] as ToolDeclaration[])('VariantTabs for $id', (tool) => {
  const tabs = expectedTabs(tool);

  it('has one tab per text field, the first selected, its panel labelled by it', () => {
    render(<VariantTabs {...rendererProps(tool)} />);
    const shown = screen.getAllByRole('tab');
    expect(shown.map((t) => t.textContent)).toEqual(tabs.map((t) => t.label));
    expect(shown.map((t) => t.getAttribute('aria-selected'))).toEqual(tabs.map((_, i) => String(i === 0)));
    // Roving tabindex: only the selected tab is in the Tab order.
    expect(shown.map((t) => t.tabIndex)).toEqual(tabs.map((_, i) => (i === 0 ? 0 : -1)));

    const panel = selectedPanel();
    expect(panel.textContent).toBe(tabs[0]!.text);
    expect(panel.getAttribute('aria-labelledby')).toBe(shown[0]!.id);
    expect(shown[0]!.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByRole('tabpanel', { name: tabs[0]!.label })).toBe(panel);
  });

  it('selects a tab on click', async () => {
    const user = userEvent.setup();
    render(<VariantTabs {...rendererProps(tool)} />);
    const second = tabs[1]!;
    await user.click(screen.getByRole('tab', { name: second.label }));
    expect(screen.getByRole('tab', { name: second.label }).getAttribute('aria-selected')).toBe('true');
    expect(selectedPanel().textContent).toBe(second.text);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('moves with the arrow keys (wrapping), Home and End, focus and selection together', async () => {
    const user = userEvent.setup();
    render(<VariantTabs {...rendererProps(tool)} />);
    const tab = (i: number) => screen.getByRole('tab', { name: tabs[i]!.label });
    const expectAt = (i: number) => {
      expect(document.activeElement).toBe(tab(i));
      expect(tab(i).getAttribute('aria-selected')).toBe('true');
      expect(tab(i).tabIndex).toBe(0);
      expect(selectedPanel().textContent).toBe(tabs[i]!.text);
    };
    const lastIndex = tabs.length - 1;

    await user.tab();
    expectAt(0);
    await user.keyboard('{ArrowRight}');
    expectAt(1);
    await user.keyboard('{ArrowLeft}');
    expectAt(0);
    await user.keyboard('{ArrowLeft}');
    expectAt(lastIndex);
    await user.keyboard('{ArrowRight}');
    expectAt(0);
    await user.keyboard('{End}');
    expectAt(lastIndex);
    await user.keyboard('{Home}');
    expectAt(0);

    // Tab leaves the tab list for the panel.
    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(document.activeElement).toBe(selectedPanel());
    expect(within(selectedPanel()).getByText(tabs[1]!.text)).toBeTruthy();
  });
});

describe('VariantTabs fallbacks', () => {
  it('keeps the chosen tab when a new result arrives', async () => {
    const user = userEvent.setup();
    const view = render(<VariantTabs {...rendererProps(threeTabsFixture)} />);
    await user.click(screen.getByRole('tab', { name: labelOf('analogy', rendererProps(threeTabsFixture).schema?.properties?.analogy) }));
    const next = { simple: 'S2', visual: 'V2', analogy: 'A2' };
    view.rerender(<VariantTabs {...rendererProps(threeTabsFixture, next)} />);
    expect(selectedPanel().textContent).toBe('A2');
  });

  it('shows a result without two text fields the generic way', () => {
    render(<VariantTabs {...rendererProps(threeTabsFixture, { simple: 'Only one' })} />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('Only one')).toBeTruthy();
  });
});

describe("VariantTabs with format: 'markdown' (as lesson-plan-variator): plans with tables, and tips for every plan", () => {
  const output = markdownTabsFixture.example.output;

  it('shows each text formatted: its heading and its table, not markdown syntax', async () => {
    render(<VariantTabs {...rendererProps(markdownTabsFixture)} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Plan 1', 'Plan 2']);
    const panel = selectedPanel();
    // The markdown code loads on first use; until then the text is shown as it is.
    const table = await waitFor(() => within(panel).getByRole('table'));
    expect(within(panel).getByRole('heading', { level: 3 }).textContent).toBe('Magnet hunt');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Phase', 'Time', 'What happens']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(panel.textContent).not.toMatch(/###|\|---/);
  });

  it('shows the tips once, after the tabs, whichever tab is chosen', async () => {
    const user = userEvent.setup();
    render(<VariantTabs {...rendererProps(markdownTabsFixture)} />);
    const tips = () => screen.getByRole('region', { name: 'Tips (every plan)' });
    expect(within(tips()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(output.tips);
    await user.click(screen.getByRole('tab', { name: 'Plan 2' }));
    expect(await within(selectedPanel()).findByRole('heading', { level: 3, name: 'Magnet quiz' })).toBeTruthy();
    expect(within(tips()).getAllByRole('listitem')).toHaveLength(output.tips.length);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('keeps plain text plain by default: markdown marks in a text tab are shown as written', () => {
    render(<VariantTabs {...rendererProps(threeTabsFixture, { simple: '**Gravity** pulls', visual: 'V', analogy: 'A' })} />);
    expect(selectedPanel().textContent).toBe('**Gravity** pulls');
  });
});
