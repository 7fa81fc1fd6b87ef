// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClassApi } from '../classApi';
import { FlashcardsWork } from './FlashcardsWork';
import { flashcardsOf } from './flashcardMaterial';
import { TIME_REPORT_MS, useTimeSpent } from './useTimeSpent';
import { fakeStudentServer, type FakeStudentServer } from './testing/fakeStudentServer';

let server: FakeStudentServer;
beforeEach(() => {
  server = fakeStudentServer();
  configureClassApi({ fetch: server.fetch, csrfToken: 'token-1' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const progress = () => server.requests.filter((r) => r.path.endsWith('/progress')).map((r) => r.body);

describe('time spent on an assignment', () => {
  let visibility: DocumentVisibilityState = 'visible';
  beforeEach(() => {
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });
  const show = (state: DocumentVisibilityState) => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('reports a minute for each full minute the page is visible, and nothing while it is hidden', async () => {
    vi.useFakeTimers();
    renderHook(() => useTimeSpent('c1', 'a1', true));
    await act(() => vi.advanceTimersByTimeAsync(TIME_REPORT_MS * 2));
    expect(progress()).toEqual([
      { kind: 'time', seconds: 60 },
      { kind: 'time', seconds: 60 },
    ]);
    show('hidden');
    await act(() => vi.advanceTimersByTimeAsync(TIME_REPORT_MS * 5));
    expect(progress()).toHaveLength(2);
    // Back in view: a fresh minute, not the rest of one counted while hidden.
    await act(() => vi.advanceTimersByTimeAsync(TIME_REPORT_MS / 2));
    show('visible');
    await act(() => vi.advanceTimersByTimeAsync(TIME_REPORT_MS - 1));
    expect(progress()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(progress()).toHaveLength(3);
  });

  it('a closed assignment stops the reports', async () => {
    vi.useFakeTimers();
    server.refuse('/progress', 423, 'This assignment is closed.');
    renderHook(() => useTimeSpent('c1', 'a1', true));
    await act(() => vi.advanceTimersByTimeAsync(TIME_REPORT_MS * 4));
    expect(progress()).toHaveLength(1);
  });
});

describe('assigned flashcards', () => {
  const cards = Array.from({ length: 12 }, (_, n) => ({ question: `Question ${n + 1}?`, answer: `Answer ${n + 1}` }));

  it('reads the Flashcard Generator’s result, bare or as the tool result it came in', () => {
    expect(flashcardsOf(cards)).toHaveLength(12);
    expect(flashcardsOf({ kind: 'json', data: cards })).toHaveLength(12);
    expect(flashcardsOf([{ question: 'Q' }])).toBeNull();
    expect(flashcardsOf('## notes')).toBeNull();
  });

  it('reports what was studied after ten cards and at the end, each report counting the cards since the last', async () => {
    const user = userEvent.setup();
    render(<FlashcardsWork classId="c1" assignmentId="a1" cards={cards} />);
    expect(screen.getByText('AI-generated')).toBeTruthy();
    for (let n = 0; n < 12; n++) {
      await user.click(screen.getByRole('button', { name: 'Show answer' }));
      expect(screen.getByText(`Answer ${n + 1}`)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: n % 3 === 0 ? 'Not yet' : 'I knew it' }));
      // The buttons pressed are gone: focus is on the next card, not lost.
      if (n < 11) expect(document.activeElement?.textContent).toBe(`Card ${n + 2} of 12`);
    }
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(screen.getByRole('status').textContent).toBe('You knew 8 of 12 cards.');
    await vi.waitFor(() =>
      expect(progress()).toEqual([
        { kind: 'study', reviewed: 10, remembered: 6 },
        { kind: 'study', reviewed: 2, remembered: 2 },
      ]),
    );
  });
});
