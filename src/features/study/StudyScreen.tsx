import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { dueCards, summarise } from './deck';
import { GRADES, nextDueByGrade, type CardGrade } from './schedule';
import type { Project } from '../projects';
import { useStudy } from './studyState';
import { Icon } from '../../ui/Icon';
import { projectPath } from '../../ui/paths';
import { fromNow, savedAtOf, useDeck } from './useDeck';
import { SessionEnd } from './SessionEnd';
import { answersIn, emptyTally, waitFor, withAnswer } from './studySession';
import './study.css';

/*
 * The Study screen: a project's due cards one at a time (the page in
 * src/app/pages/study finds the project, or says it is not there). Space
 * shows the answer; 1-4 (or the buttons) grade it Again, Hard, Good or Easy,
 * each button saying when that grade brings the card back. Grades are written
 * at once; if storage is full they are kept while the page is open, the
 * screen says so, and the next grade writes them all. A card answered
 * Again (or still in its learning steps) comes back in the same sitting once
 * its step has passed: with nothing else due, the screen counts down to it,
 * and it ends with a summary of the session.
 */

function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

export function StudyScreen({ project }: { project: Project }) {
  const projectId = project.id;
  const { deck, artifacts } = useDeck(projectId);
  const unsaved = useStudy((s) => s.unsaved[projectId]);
  const [now, setNow] = useState(() => new Date());
  const [flipped, setFlipped] = useState(false);
  const [tally, setTally] = useState(emptyTally);
  const [announcement, setAnnouncement] = useState('');
  const answerRef = useRef<HTMLDivElement>(null);

  const due = useMemo(() => dueCards(deck, now), [deck, now]);
  const card = due[0];
  const preview = useMemo(() => (card ? nextDueByGrade(card.record, now) : null), [card, now]);
  const summary = useMemo(() => summarise(deck, now), [deck, now]);
  const waitingUntil = card ? null : waitFor(summary.nextDue, now);
  const waitingTime = waitingUntil?.getTime();

  useEffect(() => {
    if (waitingTime === undefined) return;
    // Once a second while waiting only: the countdown moves, and the card shows as soon as its step has passed.
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, [waitingTime]);

  const waitedRef = useRef(false);
  useEffect(() => {
    if (!card) {
      waitedRef.current = waitingTime !== undefined;
      return;
    }
    // The countdown that had focus is gone: the card it waited for takes it, as after a grade.
    if (waitedRef.current && (document.activeElement === document.body || document.activeElement === null)) {
      document.getElementById('study-front')?.focus();
    }
    waitedRef.current = false;
  }, [card, waitingTime]);

  function flip() {
    setFlipped(true);
    // The answer is what the person reads next.
    requestAnimationFrame(() => answerRef.current?.focus());
  }

  function gradeCard(value: CardGrade) {
    if (!card || !preview) return;
    useStudy.getState().grade(projectId, card.id, value, savedAtOf(artifacts, card));
    const label = GRADES.find((g) => g.grade === value)?.label ?? '';
    setAnnouncement(`Graded ${label}. This card comes back ${fromNow(preview[value], new Date())}.`);
    setTally((t) => withAnswer(t, card.id, value));
    setFlipped(false);
    setNow(new Date());
    // The next card's question, or the countdown or summary heading after the last one.
    requestAnimationFrame(() => (document.getElementById('study-front') ?? document.getElementById('study-done-heading'))?.focus());
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      // Space on a focused button presses that button; elsewhere it shows the answer.
      if (event.key === ' ' && !flipped && card && !(event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)) {
        event.preventDefault();
        flip();
      } else if (flipped && ['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault();
        gradeCard(Number(event.key) as CardGrade);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <article className="page study-page">
      <header className="study-header">
        <h1 className="page-title" tabIndex={-1}>
          <Icon name="style" className="page-title-icon" />
          Study: {project.name}
        </h1>
        <p className="lede" aria-live="polite">
          {due.length} {due.length === 1 ? 'card' : 'cards'} due now · {answersIn(tally)} reviewed this session · {summary.cards} in the deck
        </p>
      </header>
      <p className="visually-hidden" role="status">{announcement}</p>
      {unsaved && (
        <div className="inline-error" role="alert">
          {unsaved} Your grades are kept while this page is open, and saving is tried again with your next grade.
        </div>
      )}
      {card && preview ? (
        <section className="card study-card" aria-labelledby="study-front">
          <p className="study-side-label">Question</p>
          <h2 id="study-front" tabIndex={-1} className="study-front">{card.front}</h2>
          {flipped ? (
            <>
              <div ref={answerRef} tabIndex={-1} className="study-back" aria-labelledby="study-answer-label">
                <p id="study-answer-label" className="study-side-label">Answer</p>
                <p>{card.back}</p>
              </div>
              <div className="study-grades" role="group" aria-label="How well did you know it?">
                {GRADES.map(({ grade, label }) => (
                  <button key={grade} type="button" className={`button study-grade study-grade-${grade}`} onClick={() => gradeCard(grade)} aria-keyshortcuts={String(grade)}>
                    <span className="study-grade-label">{label}</span>
                    <span className="study-grade-when">{fromNow(preview[grade], now)}</span>
                    <kbd aria-hidden="true">{grade}</kbd>
                  </button>
                ))}
              </div>
            </>
          ) : (
            <button type="button" className="button button-primary study-flip" onClick={flip} aria-keyshortcuts="Space">
              <Icon name="flip" />
              <span>Show answer</span>
              <kbd aria-hidden="true">Space</kbd>
            </button>
          )}
        </section>
      ) : (
        <SessionEnd summary={summary} tally={tally} now={now} waitingUntil={waitingUntil} />
      )}
      <p>
        <Link href={projectPath(project.id)} className="button">
          <Icon name="arrow_back" />
          <span>Back to {project.name}</span>
        </Link>
      </p>
    </article>
  );
}
