import { useEffect, useRef, useState } from 'react';
import { ClassRequestError, classApi } from '../classApi';
import { AiLabel } from './AiLabel';
import type { StudyCard } from './flashcardMaterial';

/*
 * An assigned deck: each card's question, "Show answer", then "I knew it"
 * or "Not yet". What was studied goes to the class every ten cards and at
 * the end, each report counting only the cards since the one before, so the
 * teacher's totals add up however often the deck is studied.
 */

/** Cards per progress report on the way through a deck. */
export const CARDS_PER_REPORT = 10;

export function FlashcardsWork({ classId, assignmentId, cards }: { classId: string; assignmentId: string; cards: readonly StudyCard[] }) {
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [remembered, setRemembered] = useState(0);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const unreported = useRef({ reviewed: 0, remembered: 0 });
  const answerRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const cardRef = useRef<HTMLHeadingElement>(null);
  const done = index >= cards.length;

  useEffect(() => {
    if (flipped) answerRef.current?.focus();
  }, [flipped]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
    // The next card: focus on its heading, as the buttons just pressed are gone (not on the first card, where the page starts).
    else if (index > 0) cardRef.current?.focus();
  }, [done, index]);

  function report() {
    const body = { kind: 'study' as const, ...unreported.current };
    if (body.reviewed === 0) return;
    unreported.current = { reviewed: 0, remembered: 0 };
    classApi.progress(classId, assignmentId, body).then(
      () => setSaveProblem(null),
      (error: unknown) => setSaveProblem(error instanceof ClassRequestError ? error.message : 'Your progress could not be saved.'),
    );
  }

  function mark(knewIt: boolean) {
    unreported.current.reviewed += 1;
    if (knewIt) unreported.current.remembered += 1;
    if (knewIt) setRemembered((count) => count + 1);
    const next = index + 1;
    if (next >= cards.length || next % CARDS_PER_REPORT === 0) report();
    setFlipped(false);
    setIndex(next);
  }

  function again() {
    setIndex(0);
    setRemembered(0);
    setFlipped(false);
  }

  const card = cards[index];
  return (
    <section className="card class-cards" aria-label="Flashcards">
      <AiLabel />
      {done || !card ? (
        <>
          <p className="class-score" role="status" tabIndex={-1} ref={doneRef}>
            You knew {remembered} of {cards.length} {cards.length === 1 ? 'card' : 'cards'}.
          </p>
          <button type="button" className="button" onClick={again}>
            Study again
          </button>
        </>
      ) : (
        <>
          <h2 className="class-quiz-progress" tabIndex={-1} ref={cardRef}>
            Card {index + 1} of {cards.length}
          </h2>
          <div className="class-card-face">
            <p className="class-card-label">Question</p>
            <p className="class-card-text">{card.question}</p>
          </div>
          {flipped ? (
            <>
              <div className="class-card-face class-card-back" tabIndex={-1} ref={answerRef}>
                <p className="class-card-label">Answer</p>
                <p className="class-card-text">{card.answer}</p>
              </div>
              <div className="form-actions">
                <button type="button" className="button button-primary" onClick={() => mark(true)}>
                  I knew it
                </button>
                <button type="button" className="button" onClick={() => mark(false)}>
                  Not yet
                </button>
              </div>
            </>
          ) : (
            <div className="form-actions">
              <button type="button" className="button button-primary" onClick={() => setFlipped(true)}>
                Show answer
              </button>
            </div>
          )}
        </>
      )}
      {saveProblem && (
        <p className="inline-error" role="alert">
          {saveProblem}
        </p>
      )}
    </section>
  );
}
