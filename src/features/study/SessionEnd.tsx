import { GRADES } from './schedule';
import { answersIn, countdown, dueInWords, minutesUntil, type SessionTally } from './studySession';
import type { DeckSummary } from './deck';

/*
 * What the Study screen shows when no card is due: a countdown while a card
 * being learned comes back in a few minutes, then the session's summary (how
 * many cards, how each was answered, when the next one is due).
 */

interface SessionEndProps {
  summary: DeckSummary;
  tally: SessionTally;
  now: Date;
  /** The next card's due time, when it is soon enough to wait for on this screen. */
  waitingUntil: Date | null;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function headingOf({ summary, tally, waitingUntil }: Omit<SessionEndProps, 'now'>): string | null {
  if (waitingUntil) return null;
  if (summary.cards === 0) return 'No flashcards in this project yet';
  return answersIn(tally) > 0 ? 'Session complete' : 'Nothing due now';
}

export function SessionEnd(props: SessionEndProps) {
  const { summary, tally, now, waitingUntil } = props;
  const answers = answersIn(tally);
  const cards = tally.cardIds.length;
  const heading = headingOf(props);
  return (
    <section className="card study-done" aria-labelledby="study-done-heading">
      {waitingUntil ? (
        <>
          {/* The clock ticks each second on screen only; what is announced changes once a minute at most. */}
          <h2 id="study-done-heading" tabIndex={-1}>
            Next card in <span className="study-countdown">{countdown(waitingUntil, now)}</span>
          </h2>
          <p className="visually-hidden" role="status">Next card in {plural(minutesUntil(waitingUntil, now), 'minute', 'minutes')}.</p>
          <p>A card you are still learning comes back then. Stay on this page, or leave and it waits for your next session.</p>
        </>
      ) : (
        <h2 id="study-done-heading" tabIndex={-1}>{heading}</h2>
      )}
      {answers > 0 && (
        <>
          <p>
            {waitingUntil ? 'So far you reviewed ' : 'You reviewed '}
            {plural(cards, 'card', 'cards')}
            {answers > cards ? `, ${answers} answers in all.` : '.'}
          </p>
          <ul className="study-tally" aria-label="Your answers">
            {GRADES.map(({ grade, label }) => (
              <li key={grade}>
                {label} <strong>{tally.byGrade[grade]}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.cards === 0 ? (
        <p>Save a Flashcard Generator result (or any result with terms and definitions) to this project, and its cards appear here.</p>
      ) : waitingUntil ? null : summary.nextDue ? (
        <p>
          Your next card is due <time dateTime={summary.nextDue.toISOString()}>{dueInWords(summary.nextDue, now)}</time>.
        </p>
      ) : (
        <p>Every card in this deck is suspended.</p>
      )}
    </section>
  );
}
