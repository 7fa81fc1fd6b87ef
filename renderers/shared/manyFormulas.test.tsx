// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import katex from 'katex';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkdownView } from '../markdown/MarkdownView';
import { FORMULAS_PER_SLICE } from './formulaSlices';
import { MathText } from './math';

/*
 * An answer with a great many formulas: the page keeps answering clicks
 * while they are laid out, a slice at a time, and every one of them ends up
 * as math. Rendered all at once, 5,000 formulas held the page for 2.8 s,
 * and a click made meanwhile waited for all of them.
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const MANY = 500;
const formulas = (tag: string) => Array.from({ length: MANY }, (_, i) => `$${tag}_{${i}}$`);

/** A button beside the view that notes, when clicked, how many formulas are laid out as math at that moment. */
function withCheckButton(view: React.ReactNode) {
  const mathAtClick: number[] = [];
  render(
    <>
      <button type="button" onClick={() => mathAtClick.push(document.querySelectorAll('math').length)}>
        Check
      </button>
      {view}
    </>,
  );
  return mathAtClick;
}

async function clickWhileRendering(mathAtClick: number[]) {
  await waitFor(() => expect(document.querySelector('math')).not.toBeNull(), { timeout: 30_000 });
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(mathAtClick).toHaveLength(1);
  // The click was answered with formulas still to come: the page was not held until all were done.
  expect(mathAtClick[0]).toBeGreaterThan(0);
  expect(mathAtClick[0]).toBeLessThan(MANY);
}

describe('an answer with hundreds of formulas', () => {
  it('answers a click while its formulas are laid out, the rest showing as TeX until their turn, then all as math', { timeout: 120_000 }, async () => {
    const text = formulas('a').join(' ');
    const mathAtClick = withCheckButton(<MarkdownView text={text} />);
    await clickWhileRendering(mathAtClick);
    expect(document.querySelector('.markdown')!.textContent).toContain(`$a_{${MANY - 1}}$`);
    await waitFor(() => expect(document.querySelectorAll('math')).toHaveLength(MANY), { timeout: 100_000 });
    expect(document.querySelector('.markdown')!.textContent).not.toContain('$');
  });

  it('in hundreds of questions or cards, answers a click the same way, then shows all as math', { timeout: 120_000 }, async () => {
    const mathAtClick = withCheckButton(
      <ul>
        {formulas('b').map((f) => (
          <li key={f}>
            <MathText text={`What is ${f}?`} />
          </li>
        ))}
      </ul>,
    );
    await clickWhileRendering(mathAtClick);
    await waitFor(() => expect(document.querySelectorAll('math')).toHaveLength(MANY), { timeout: 100_000 });
  });

  it('renders a formula written hundreds of times once, and shows it everywhere at once', async () => {
    const renderToString = vi.spyOn(katex, 'renderToString');
    render(<MarkdownView text={Array.from({ length: MANY }, () => '$c^2 = a^2 + b^2$').join(' ')} />);
    await waitFor(() => expect(document.querySelectorAll('math')).toHaveLength(MANY), { timeout: 30_000 });
    expect(renderToString).toHaveBeenCalledTimes(1);
    expect(MANY).toBeGreaterThan(FORMULAS_PER_SLICE);
  });
});
