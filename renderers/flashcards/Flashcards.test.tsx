// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { flashcardsFixture as flashcardTool } from '../testing/fixtures';
import { rendererProps } from '../testing/rendererProps';
import Flashcards, { swipeDirection } from './Flashcards';

const cards = flashcardTool.example.output;
const first = cards[0]!;
const second = cards[1]!;
const last = cards[cards.length - 1]!;

afterEach(cleanup);

function setup() {
  const user = userEvent.setup();
  const view = render(<Flashcards {...rendererProps(flashcardTool)} />);
  const card = () => screen.getByRole('button', { name: /^(Question|Answer)/ });
  return { user, view, card };
}

describe('Flashcards', () => {
  it('starts on the first question with a count', () => {
    const { card } = setup();
    expect(screen.getByText(`Card 1 of ${cards.length}`)).toBeTruthy();
    expect(card().textContent).toContain(first.question);
    expect(screen.getByRole('button', { name: `Question: ${first.question}` })).toBe(card());
    expect(card().getAttribute('aria-describedby')).toBeTruthy();
  });

  it('flips on click, and back', async () => {
    const { user, card } = setup();
    await user.click(card());
    expect(screen.getByRole('button', { name: `Answer: ${first.answer}` })).toBeTruthy();
    expect(screen.getByText(/to show the question/)).toBeTruthy();
    await user.click(card());
    expect(screen.getByRole('button', { name: `Question: ${first.question}` })).toBeTruthy();
  });

  it('flips with Enter and with Space', async () => {
    const { user, card } = setup();
    card().focus();
    await user.keyboard('{Enter}');
    expect(card().getAttribute('data-side')).toBe('answer');
    expect(screen.getByRole('button', { name: `Answer: ${first.answer}` })).toBe(document.activeElement);
    await user.keyboard(' ');
    expect(card().getAttribute('data-side')).toBe('question');
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: `Answer: ${first.answer}` })).toBeTruthy();
  });

  it('moves with Previous and Next, disabled at the ends, always to the question side', async () => {
    const { user, card } = setup();
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);

    await user.click(card());
    await user.click(next);
    expect(screen.getByText(`Card 2 of ${cards.length}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Question: ${second.question}` })).toBeTruthy();
    expect(previous.disabled).toBe(false);

    await user.click(card());
    await user.click(previous);
    expect(screen.getByText(`Card 1 of ${cards.length}`)).toBeTruthy();
    expect(card().getAttribute('data-side')).toBe('question');

    for (let i = 1; i < cards.length; i++) await user.click(next);
    expect(screen.getByText(`Card ${cards.length} of ${cards.length}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Question: ${last.question}` })).toBeTruthy();
    expect(next.disabled).toBe(true);
    // The pressed button went disabled: focus goes to the card rather than the page.
    expect(document.activeElement).toBe(card());
  });

  it('starts a new deck at its first question', async () => {
    const { user, view, card } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const other = [{ question: 'New question?', answer: 'New answer.' }, ...cards];
    view.rerender(<Flashcards {...rendererProps(flashcardTool, other)} />);
    expect(screen.getByText(`Card 1 of ${other.length}`)).toBeTruthy();
    expect(card().textContent).toContain('New question?');
  });

  it('shows data that is not a deck the generic way', () => {
    render(<Flashcards {...rendererProps(flashcardTool, { note: 'Not cards' })} />);
    expect(screen.getByText('Not cards')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('turns to the next card on a swipe left and back on a swipe right, without flipping', async () => {
    const { user, card } = setup();
    // A finger: the pointer types a phone reports. user-event's pointer API sends the down, move and up a swipe makes.
    await user.pointer([
      { keys: '[TouchA>]', target: card(), coords: { clientX: 300, clientY: 100 } },
      { pointerName: 'TouchA', target: card(), coords: { clientX: 150, clientY: 110 } },
      { keys: '[/TouchA]', target: card(), coords: { clientX: 150, clientY: 110 } },
    ]);
    expect(screen.getByText(`Card 2 of ${cards.length}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Question: ${second.question}` })).toBeTruthy();
    await user.pointer([
      { keys: '[TouchA>]', target: card(), coords: { clientX: 100, clientY: 100 } },
      { pointerName: 'TouchA', target: card(), coords: { clientX: 260, clientY: 90 } },
      { keys: '[/TouchA]', target: card(), coords: { clientX: 260, clientY: 90 } },
    ]);
    expect(screen.getByRole('button', { name: `Question: ${first.question}` })).toBeTruthy();
    // A tap still flips.
    await user.pointer({ keys: '[TouchA]', target: card() });
    expect(card().getAttribute('data-side')).toBe('answer');
  });
});

describe('swipeDirection', () => {
  it('needs a long, mostly sideways move: shorter or steeper ones are taps and scrolls', () => {
    expect(swipeDirection({ x: 200, y: 0 }, { x: 100, y: 10 })).toBe(-1);
    expect(swipeDirection({ x: 100, y: 0 }, { x: 200, y: -20 })).toBe(1);
    expect(swipeDirection({ x: 100, y: 0 }, { x: 130, y: 0 })).toBe(0);
    expect(swipeDirection({ x: 100, y: 0 }, { x: 200, y: 90 })).toBe(0);
  });
});
