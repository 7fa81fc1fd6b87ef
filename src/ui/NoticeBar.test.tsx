// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeBar } from './NoticeBar';
import { useNotices } from './notices';
import { UNDO_MS } from './timing';

/*
 * An Undo must not run away from someone still reaching for it: while it has
 * keyboard focus or the pointer is on it, the notice stays, and it gets its
 * whole time again once they leave it.
 */

const undoButton = () => screen.queryByRole('button', { name: 'Undo' });

function showDeletion() {
  const restore = vi.fn(() => null);
  render(
    <>
      <main>
        <h1 tabIndex={-1}>Projects</h1>
        <button type="button">Elsewhere</button>
      </main>
      <NoticeBar />
    </>,
  );
  act(() => {
    useNotices.getState().show({ message: 'Deleted "Biology".', undo: restore, undoneMessage: 'Restored "Biology".' });
  });
  return restore;
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  act(() => useNotices.setState({ notice: null }));
  vi.useRealTimers();
});

describe('the Undo notice', () => {
  it('goes after its time when nobody is on it', () => {
    showDeletion();
    wait(UNDO_MS - 100);
    expect(undoButton()).not.toBeNull();
    wait(200);
    expect(undoButton()).toBeNull();
  });

  it('stays while Undo has keyboard focus, and Undo still works then', () => {
    const restore = showDeletion();
    act(() => undoButton()!.focus());
    wait(UNDO_MS * 3);
    expect(undoButton()).not.toBeNull();
    expect(document.activeElement).toBe(undoButton());
    fireEvent.click(undoButton()!);
    expect(restore).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toContain('Restored "Biology".');
  });

  it('stays while focus moves from Undo to Dismiss, and gets its whole time again once focus leaves', () => {
    showDeletion();
    act(() => undoButton()!.focus());
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    wait(UNDO_MS * 2);
    expect(undoButton()).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    wait(UNDO_MS - 100);
    expect(undoButton()).not.toBeNull();
    wait(200);
    expect(undoButton()).toBeNull();
  });

  it('stays while the pointer is on it, and gets its whole time again once it leaves', () => {
    showDeletion();
    wait(UNDO_MS - 1000);
    const notice = screen.getByRole('status').closest('.notice-area')!;
    fireEvent.pointerEnter(notice);
    wait(UNDO_MS * 2);
    expect(undoButton()).not.toBeNull();
    fireEvent.pointerLeave(notice);
    wait(UNDO_MS - 100);
    expect(undoButton()).not.toBeNull();
    wait(200);
    expect(undoButton()).toBeNull();
  });

  it('does not stay on for good after a focused Undo has worked and focus moved on', () => {
    showDeletion();
    act(() => undoButton()!.focus());
    fireEvent.click(undoButton()!);
    // Nothing named a restored element, so focus went to the heading; the "Restored" notice then goes in its time.
    expect(document.activeElement?.tagName).toBe('H1');
    wait(UNDO_MS);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
