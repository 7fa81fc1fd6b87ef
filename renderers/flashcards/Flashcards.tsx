import './flashcards.css';
import { MathText } from '../shared/math';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import type { ContractSchema } from '../../src/kernel/contractSchema';
import { labelOf } from '../../src/kernel/resultText';
import type { ContractData } from '../../src/kernel/rendererContract';
import { defineRenderer } from '../shared/defineRenderer';
import { TOUCH_QUERY, useMediaQuery } from '../../src/ui/useMediaQuery';
import { flashcardsContract } from './contract';

/*
 * A deck of question-and-answer cards shown one at a time. The card is a
 * native button, so a click, Enter and Space all flip it; its accessible name
 * starts with the side that shows ("Question: ..."), since only that face is
 * in the accessibility tree. The spoken side label is a separate hidden span:
 * browsers put a space around a visually hidden colon, which reads "Question :".
 * On a touch screen the hint says tap, and a swipe left or right turns to the
 * next or previous card; Next and Previous stay for everyone.
 */

/** How far a finger must travel sideways, mostly sideways, for a swipe rather than a tap or a scroll. */
const SWIPE_MIN_PX = 48;

interface SwipeStart {
  x: number;
  y: number;
  pointerId: number;
}

/** -1 for a swipe to the left (next card), 1 to the right (previous), 0 for anything else. */
export function swipeDirection(start: { x: number; y: number }, end: { x: number; y: number }): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? -1 : 1;
}

type Card = ContractData<typeof flashcardsContract>[number];
type Side = 'question' | 'answer';

interface DeckState {
  cards: readonly Card[];
  index: number;
  side: Side;
}

function Deck({ cards, schema }: { cards: readonly Card[]; schema: ContractSchema | undefined }) {
  const id = useId();
  const [state, setState] = useState<DeckState>({ cards, index: 0, side: 'question' });
  // A new deck (a new result in the same card) starts again at its first question.
  if (state.cards !== cards) setState({ cards, index: 0, side: 'question' });
  const { index, side } = state;

  const touch = useMediaQuery(TOUCH_QUERY);
  const swipeStart = useRef<SwipeStart | null>(null);
  /** A swipe just turned the card: the click the same finger makes is not a flip. */
  const swiped = useRef(false);
  const cardRef = useRef<HTMLButtonElement>(null);
  /** Set when the button just pressed is about to be disabled, so focus is not dropped on the page. */
  const refocusCard = useRef(false);
  useEffect(() => {
    if (!refocusCard.current) return;
    refocusCard.current = false;
    cardRef.current?.focus();
  }, [index]);

  const card = cards[index] ?? cards[0];
  if (!card) return null;
  const last = cards.length - 1;
  const itemSchema = schema?.items;
  const questionLabel = labelOf('question', itemSchema?.properties?.question);
  const answerLabel = labelOf('answer', itemSchema?.properties?.answer);
  const otherLabel = side === 'question' ? answerLabel : questionLabel;

  function goTo(next: number) {
    const target = Math.min(Math.max(next, 0), last);
    if (target === index) return;
    if (target === 0 || target === last) refocusCard.current = true;
    setState({ cards, index: target, side: 'question' });
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    swiped.current = false;
    swipeStart.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const direction = swipeDirection(start, { x: event.clientX, y: event.clientY });
    if (direction === 0) return;
    swiped.current = true;
    goTo(direction < 0 ? index + 1 : index - 1);
  }

  function flip() {
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    setState({ cards, index, side: side === 'question' ? 'answer' : 'question' });
  }

  return (
    <div className="flashcards">
      <p className="flashcards-count" aria-live="polite">
        Card {index + 1} of {cards.length}
      </p>
      <button
        ref={cardRef}
        type="button"
        className="flashcard"
        data-side={side}
        aria-describedby={`${id}-hint`}
        onClick={flip}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <span className="flashcard-inner">
          <span className="flashcard-face flashcard-front" aria-hidden={side !== 'question'}>
            <span className="flashcard-side" aria-hidden="true">{questionLabel}</span>
            <span className="visually-hidden">{questionLabel}:</span>{' '}
            <span className="flashcard-text"><MathText text={card.question} /></span>
          </span>
          <span className="flashcard-face flashcard-back" aria-hidden={side !== 'answer'}>
            <span className="flashcard-side" aria-hidden="true">{answerLabel}</span>
            <span className="visually-hidden">{answerLabel}:</span>{' '}
            <span className="flashcard-text"><MathText text={card.answer} /></span>
          </span>
        </span>
      </button>
      <p className="hint flashcards-hint" id={`${id}-hint`}>
        {touch
          ? `Tap the card to show the ${otherLabel.toLowerCase()}; swipe left or right for the next or previous card.`
          : `Click the card, or press Enter or Space, to show the ${otherLabel.toLowerCase()}.`}
      </p>
      <div className="flashcards-nav">
        <button type="button" className="button" onClick={() => goTo(index - 1)} disabled={index === 0}>
          Previous
        </button>
        <button type="button" className="button" onClick={() => goTo(index + 1)} disabled={index === last}>
          Next
        </button>
      </div>
    </div>
  );
}

export default defineRenderer(flashcardsContract, function Flashcards({ data, schema }) {
  return <Deck cards={data} schema={schema} />;
});
