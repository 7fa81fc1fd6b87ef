import { S_MAX, S_MIN } from 'ts-fsrs';
import * as z from 'zod/mini';
import { byTime, cardRecordSchema, fsrsStateSchema, scheduleFromLog, type CardRecord, type FsrsState, type Review } from './schedule';

/*
 * One stored card record, checked on its own before the Study screen uses it.
 * A record can have the right shape and still be one the scheduler cannot
 * work from: a review dated after now (another device's clock, a hand-edited
 * file) makes every later grading a step back in time, and a cached state
 * with an unknown state number or a stability or difficulty out of FSRS's
 * range makes ts-fsrs throw. Thrown while the screen draws, that blanked the
 * whole deck. So each record is made studiable here, costing only its own
 * bad part: reviews from the future are left out; a cached state that is
 * unusable (or no longer matches the log) is rebuilt from the log, which is
 * what the person did; only when the log itself cannot be replayed does the
 * card start again as new. Its edit, suspension and deletion are kept.
 */

/** What reading is allowed to repair: the cached state is checked below, field by field, instead of costing the record. */
const storedRecordSchema = z.extend(cardRecordSchema, { fsrs: z.optional(z.unknown()) });

const DAY_MS = 86_400_000;
/** ts-fsrs's states: New, Learning, Review, Relearning. */
const LAST_STATE = 3;

const isCount = (n: number) => Number.isInteger(n) && n >= 0;

/** Whether ts-fsrs can schedule from this cached state at `now`, and it says what the log says. */
function usableState(value: unknown, lastReview: Review | undefined, now: number): value is FsrsState {
  const parsed = z.safeParse(fsrsStateSchema, value);
  if (!parsed.success || !lastReview) return false;
  const state = parsed.data;
  const reviewedAt = state.last_review === undefined ? NaN : Date.parse(state.last_review);
  const memory = state.stability >= S_MIN && state.stability <= S_MAX && state.difficulty >= 1 && state.difficulty <= 10;
  return (
    isCount(state.state) &&
    state.state <= LAST_STATE &&
    memory &&
    [state.reps, state.lapses, state.learning_steps, state.scheduled_days].every(isCount) &&
    // Cached after the log's last review, never in the future, and due no later than FSRS's longest interval after it.
    reviewedAt === Date.parse(lastReview.at) &&
    reviewedAt <= now &&
    Date.parse(state.due) <= reviewedAt + (S_MAX + 1) * DAY_MS
  );
}

export interface StudiableRecord {
  record: CardRecord;
  /** What was set right, for the log; none for a sound record. */
  repaired: string[];
}

/** The record as the Study screen can use it at `now`, or null when it is not a card record at all (then it is dropped). */
export function studiableRecord(value: unknown, now: Date): StudiableRecord | null {
  const parsed = z.safeParse(storedRecordSchema, value);
  if (!parsed.success) return null;
  const { fsrs: cached, ...stored } = parsed.data;
  const repaired: string[] = [];
  const nowIso = now.toISOString();

  // A card cannot have been made later than now; one that says so would hide from the deck until then.
  const createdAt = Date.parse(stored.createdAt) > now.getTime() ? nowIso : stored.createdAt;
  if (createdAt !== stored.createdAt) repaired.push('made in the future: made now instead');
  const reviews = stored.reviews.filter((review) => Date.parse(review.at) <= now.getTime()).sort(byTime);
  if (reviews.length < stored.reviews.length) repaired.push(`${stored.reviews.length - reviews.length} review(s) dated in the future left out`);
  const sameLog = reviews.length === stored.reviews.length && reviews.every((review, i) => review === stored.reviews[i]);

  let fsrs: FsrsState | undefined;
  if (sameLog && cached === undefined && reviews.length === 0) fsrs = undefined;
  else if (sameLog && usableState(cached, reviews.at(-1), now.getTime())) fsrs = cached;
  else {
    try {
      fsrs = scheduleFromLog(createdAt, reviews);
      if (sameLog) repaired.push('schedule rebuilt from its reviews');
    } catch {
      // Not expected for a sorted log of past reviews; if it happens, the card costs its own schedule only.
      repaired.push('reviews cannot be replayed: studied as new');
      reviews.length = 0;
      fsrs = undefined;
    }
  }
  return { record: { ...stored, createdAt, reviews, ...(fsrs ? { fsrs } : {}) }, repaired };
}
