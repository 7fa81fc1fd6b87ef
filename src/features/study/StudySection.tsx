import { useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'wouter';
import type { StudyCard } from './deck';
import { summarise } from './deck';
import { dueAt, isSuspended } from './schedule';
import { useStudy } from './studyState';
import { Icon } from '../../ui/Icon';
import { ConfirmPanel } from '../../ui/ConfirmPanel';
import { formatDateTime } from '../../ui/formatDate';
import { fromNow, savedAtOf, useDeck } from './useDeck';
import './study.css';

/*
 * A project's flashcards on its page: how many, how many due
 * today and when the next is due, the way into the Study screen, and the
 * cards themselves to edit, suspend or delete. Nothing shows for a project
 * whose saved items hold no cards.
 */

function CardRow({ card, projectId, savedAt, now }: { card: StudyCard; projectId: string; savedAt: string; now: Date }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [front, setFront] = useState(card.front);
  const [back, setBack] = useState(card.back);
  const id = useId();
  const suspended = isSuspended(card.record);
  const due = dueAt(card.record);
  const study = useStudy.getState();
  const blank = front.trim() === '' || back.trim() === '';
  const focusRow = () => document.getElementById(`${id}-faces`)?.focus();

  return (
    <li>
      {editing ? (
        <form
          className="card-edit"
          aria-label={`Edit the card “${card.front}”`}
          onSubmit={(event) => {
            event.preventDefault();
            if (blank) return;
            study.edit(projectId, card.id, savedAt, front, back);
            flushSync(() => setEditing(false));
            focusRow();
          }}
        >
          <label>
            Question
            <textarea value={front} onChange={(e) => setFront(e.target.value)} maxLength={5000} required />
          </label>
          <label>
            Answer
            <textarea value={back} onChange={(e) => setBack(e.target.value)} maxLength={5000} required />
          </label>
          {blank && <p className="inline-error" role="alert">A card needs a question and an answer.</p>}
          <div className="card-actions">
            <button type="submit" className="button button-primary" disabled={blank}>Save card</button>
            <button type="button" className="button" onClick={() => { flushSync(() => setEditing(false)); focusRow(); }}>Cancel</button>
          </div>
        </form>
      ) : (
        <>
          <p className="card-faces" id={`${id}-faces`} tabIndex={-1}>
            <strong>{card.front}</strong> → {card.back}
          </p>
          <p className="hint">
            {suspended ? 'Suspended: not studied until resumed.' : <>Due {fromNow(due, now)} (<time dateTime={due.toISOString()}>{formatDateTime(due.toISOString())}</time>) · {card.record.reviews.length} {card.record.reviews.length === 1 ? 'review' : 'reviews'}</>}
          </p>
          {confirming ? (
            <ConfirmPanel
              question={`Delete the card “${card.front}”?`}
              detail="Its schedule goes with it. The saved item it came from stays."
              confirmLabel="Yes, delete the card"
              onConfirm={() => study.deleteCard(projectId, card.id, savedAt)}
              onCancel={() => { flushSync(() => setConfirming(false)); focusRow(); }}
            />
          ) : (
            <div className="card-actions" role="group" aria-label={`Card “${card.front}”`}>
              <button type="button" className="button button-quiet" onClick={() => setEditing(true)}>
                <Icon name="edit" /><span>Edit</span>
              </button>
              <button type="button" className="button button-quiet" aria-pressed={suspended} onClick={() => study.setSuspended(projectId, card.id, savedAt, !suspended)}>
                <span>{suspended ? 'Resume' : 'Suspend'}</span>
              </button>
              <button type="button" className="button button-quiet" onClick={() => setConfirming(true)}>
                <Icon name="delete" /><span>Delete</span>
              </button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

export default function StudySection({ projectId }: { projectId: string }) {
  const { deck, artifacts } = useDeck(projectId);
  const unsaved = useStudy((s) => s.unsaved[projectId]);
  const [managing, setManaging] = useState(false);
  const now = useMemo(() => new Date(), [deck]);
  const summary = useMemo(() => summarise(deck, now), [deck, now]);
  const listId = useId();
  if (deck.length === 0) return null;

  return (
    <section className="card study-section" aria-labelledby="study-section-heading">
      <h2 id="study-section-heading">
        <Icon name="style" /> Flashcards
      </h2>
      <div className="study-summary">
        <p>
          {summary.cards} {summary.cards === 1 ? 'card' : 'cards'} · <strong>{summary.dueToday} due today</strong>
          {summary.suspended > 0 && ` · ${summary.suspended} suspended`}
          {summary.nextDue && (
            <>
              {' · next due '}
              {fromNow(summary.nextDue, now)} (<time dateTime={summary.nextDue.toISOString()}>{formatDateTime(summary.nextDue.toISOString())}</time>)
            </>
          )}
        </p>
        <Link href={`/projects/${projectId}/study`} className="button button-primary">
          <Icon name="school" />
          <span>Study now</span>
        </Link>
        <button type="button" className="button" aria-expanded={managing} aria-controls={listId} onClick={() => setManaging((m) => !m)}>
          <Icon name={managing ? 'expand_less' : 'expand_more'} />
          <span>Manage cards</span>
        </button>
      </div>
      {unsaved && <p className="inline-error" role="alert">{unsaved}</p>}
      {managing && (
        <ul id={listId} className="card-manager" aria-label="Cards in this project">
          {deck.map((card) => <CardRow key={card.id} card={card} projectId={projectId} savedAt={savedAtOf(artifacts, card)} now={now} />)}
        </ul>
      )}
    </section>
  );
}
