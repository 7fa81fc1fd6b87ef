import { storageKeys } from '../../kernel/stored/storage';
import { isRecord, objectFromFields, type Draft, type SyncedEntry } from './syncedEntry';

/*
 * A project's study data (study:<projectId>), split so that two devices
 * studying the same deck never lose each other's work:
 *
 * - `study-card`, id `projectId/cardId`: the card's own fields (createdAt, the
 *   cached schedule, its edit, suspension, deletedAt), each merged by its stamp.
 * - `study-review`, id `projectId/cardId/reviewId`: one per grading, never
 *   changed or deleted, so both devices' reviews of one card are all kept (as
 *   one field holding the whole log, the later device's would replace the
 *   other's). The cached schedule may then miss a review: reading the record
 *   rebuilds it from the log (studiableRecord.ts), as it does after two tabs.
 * - `quiz-attempt`, id `projectId/artifactId/attemptId`: one per finished quiz.
 *
 * Nothing here is deleted by being missing: a card is deleted with its own
 * deletedAt field, and reviews and attempts only ever accumulate.
 */

const studyPrefix = storageKeys.study('');

const objectEntries = (value: unknown): [string, Record<string, unknown>][] =>
  isRecord(value) ? Object.entries(value).filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1])) : [];

const listOf = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);

function splitStudy(projectId: string, value: unknown): Draft[] {
  if (!isRecord(value)) return [];
  const drafts: Draft[] = [];
  for (const [cardId, record] of objectEntries(value.cards)) {
    const { reviews, ...card } = record;
    drafts.push({ c: 'study-card', id: `${projectId}/${cardId}`, f: card });
    for (const review of listOf(reviews)) {
      if (typeof review.id !== 'string') continue;
      const { id, ...fields } = review;
      drafts.push({ c: 'study-review', id: `${projectId}/${cardId}/${id}`, f: fields });
    }
  }
  for (const [artifactId, attempts] of Object.entries(isRecord(value.attempts) ? value.attempts : {})) {
    for (const attempt of listOf(attempts)) {
      if (typeof attempt.id === 'string') drafts.push({ c: 'quiz-attempt', id: `${projectId}/${artifactId}/${attempt.id}`, f: attempt });
    }
  }
  return drafts;
}

/** `projectId/middle/last`: project, review and attempt ids hold no slash; a card id is whatever lies between. */
function parts(id: string, withLast: boolean): { projectId: string; middle: string; last: string } {
  const first = id.indexOf('/');
  const lastSlash = withLast ? id.lastIndexOf('/') : id.length;
  return { projectId: id.slice(0, first), middle: id.slice(first + 1, lastSlash), last: id.slice(lastSlash + 1) };
}

interface StudyValue {
  cards: Record<string, Record<string, unknown>>;
  attempts: Record<string, Record<string, unknown>[]>;
}

function readStudy(value: unknown): StudyValue {
  const cards = Object.fromEntries(objectEntries(isRecord(value) ? value.cards : undefined).map(([id, record]) => [id, { ...record }]));
  const attemptsValue = isRecord(value) && isRecord(value.attempts) ? value.attempts : {};
  const attempts = Object.fromEntries(Object.entries(attemptsValue).map(([id, list]) => [id, listOf(list)]));
  return { cards, attempts };
}

const byTime = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a.at ?? '').localeCompare(String(b.at ?? '')) || String(a.id ?? '').localeCompare(String(b.id ?? ''));

export const studyEntry: SyncedEntry = {
  what: "A project's flashcard schedules, review log and quiz attempts: `study-card`, `study-review` and `quiz-attempt` items.",
  collections: ['study-card', 'study-review', 'quiz-attempt'],
  matches: (key) => key.startsWith(studyPrefix) && key.length > studyPrefix.length,
  split: (key, value) => ({ live: splitStudy(key.slice(studyPrefix.length), value), deleted: [] }),
  apply(arrivals, context) {
    const studies = new Map<string, StudyValue>();
    const studyOf = (projectId: string) => {
      let study = studies.get(projectId);
      if (!study) studies.set(projectId, (study = readStudy(context.read(storageKeys.study(projectId)))));
      return study;
    };
    // Cards first, so a review finds the card it belongs to.
    const order = ['study-card', 'study-review', 'quiz-attempt'];
    for (const arrival of [...arrivals].sort((a, b) => order.indexOf(a.c) - order.indexOf(b.c))) {
      if (!arrival.f) continue;
      const fields = objectFromFields(arrival.f);
      if (arrival.c === 'study-card') {
        const { projectId, middle: cardId } = parts(arrival.id, false);
        const study = studyOf(projectId);
        study.cards[cardId] = { reviews: [], ...study.cards[cardId], ...fields };
      } else if (arrival.c === 'study-review') {
        const { projectId, middle: cardId, last: reviewId } = parts(arrival.id, true);
        const study = studyOf(projectId);
        const card = study.cards[cardId] ?? { createdAt: fields.at, reviews: [] };
        const reviews = listOf(card.reviews).filter((review) => review.id !== reviewId);
        study.cards[cardId] = { ...card, reviews: [...reviews, { id: reviewId, ...fields }].sort(byTime) };
      } else if (arrival.c === 'quiz-attempt') {
        const { projectId, middle: artifactId, last: attemptId } = parts(arrival.id, true);
        const study = studyOf(projectId);
        const attempts = (study.attempts[artifactId] ?? []).filter((attempt) => attempt.id !== attemptId);
        study.attempts[artifactId] = [...attempts, { ...fields, id: attemptId }].sort(byTime);
      }
    }
    for (const [projectId, study] of studies) context.write(storageKeys.study(projectId), study);
  },
};
