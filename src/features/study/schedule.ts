import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import * as z from 'zod/mini';

/*
 * A card's schedule, kept by FSRS through ts-fsrs. What is stored
 * is the card's review log; the FSRS state is computed from it (and cached
 * beside it). So two tabs that graded the same card are merged by joining
 * their logs and replaying them, never by one tab's state overwriting the
 * other's, and a schedule can always be rebuilt from what the person did.
 */

export type CardGrade = 1 | 2 | 3 | 4;
export const GRADES: readonly { grade: CardGrade; label: string }[] = [
  { grade: 1, label: 'Again' },
  { grade: 2, label: 'Hard' },
  { grade: 3, label: 'Good' },
  { grade: 4, label: 'Easy' },
];

const isoDate = z.string().check(z.refine((s) => !Number.isNaN(Date.parse(s)), 'is not a date'));

const reviewSchema = z.object({
  /** Random, one per grading: two tabs grading at the same moment are two reviews. */
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  at: isoDate,
  grade: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
});
export type Review = z.infer<typeof reviewSchema>;

export const fsrsStateSchema = z.object({
  due: isoDate,
  stability: z.number(),
  difficulty: z.number(),
  scheduled_days: z.number(),
  learning_steps: z.number(),
  reps: z.number(),
  lapses: z.number(),
  state: z.number(),
  last_review: z.optional(isoDate),
});

/** A change that the later one wins: an edit of the card's text, or suspending it. */
const stamped = <T extends z.ZodMiniType>(value: T) => z.object({ value, at: isoDate });

export const cardRecordSchema = z.object({
  createdAt: isoDate,
  reviews: z.array(reviewSchema).check(z.maxLength(10_000)),
  /** The FSRS state after the reviews, cached so opening a deck replays nothing. */
  fsrs: z.optional(fsrsStateSchema),
  edit: z.optional(stamped(z.object({ front: z.string().check(z.maxLength(5_000)), back: z.string().check(z.maxLength(5_000)) }))),
  suspended: z.optional(stamped(z.boolean())),
  /** When the card was deleted; a deleted card stays deleted whatever another tab did. */
  deletedAt: z.optional(isoDate),
});
export type CardRecord = z.infer<typeof cardRecordSchema>;
export type FsrsState = z.infer<typeof fsrsStateSchema>;

// No fuzz: the same reviews give the same schedule in every tab and every replay.
const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

function toCard(state: FsrsState): Card {
  return {
    ...state,
    elapsed_days: 0,
    due: new Date(state.due),
    last_review: state.last_review === undefined ? undefined : new Date(state.last_review),
  };
}

function fromCard(card: Card): FsrsState {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    ...(card.last_review ? { last_review: card.last_review.toISOString() } : {}),
  };
}

export function newRecord(now: Date): CardRecord {
  return { createdAt: now.toISOString(), reviews: [] };
}

export function byTime(a: Review, b: Review): number {
  return a.at.localeCompare(b.at) || a.id.localeCompare(b.id);
}

/** The FSRS state the reviews lead to, from a new card. */
function replay(createdAt: string, reviews: readonly Review[]): Card {
  let card = createEmptyCard(new Date(createdAt));
  for (const review of reviews) card = scheduler.next(card, new Date(review.at), review.grade as Grade).card;
  return card;
}

/** The cached state for a log, from a new card at `createdAt`: none for a card never reviewed. */
export function scheduleFromLog(createdAt: string, reviews: readonly Review[]): FsrsState | undefined {
  return reviews.length === 0 ? undefined : fromCard(replay(createdAt, reviews));
}

function currentCard(record: CardRecord): Card {
  return record.fsrs ? toCard(record.fsrs) : replay(record.createdAt, record.reviews);
}

/** When the card is next due: at once for a card never reviewed. */
export function dueAt(record: CardRecord): Date {
  return record.fsrs ? new Date(record.fsrs.due) : new Date(record.createdAt);
}

export function isSuspended(record: CardRecord): boolean {
  return record.suspended?.value === true;
}

/** Due by `until` (say, the end of today), and not suspended or deleted. */
export function isDue(record: CardRecord, until: Date): boolean {
  return record.deletedAt === undefined && !isSuspended(record) && dueAt(record).getTime() <= until.getTime();
}

/** The record after one grading at `now`. */
export function grade(record: CardRecord, value: CardGrade, now: Date, reviewId: string): CardRecord {
  const next = scheduler.next(currentCard(record), now, value as Grade).card;
  return { ...record, reviews: [...record.reviews, { id: reviewId, at: now.toISOString(), grade: value }], fsrs: fromCard(next) };
}

/** When each grade would bring the card back, for the grade buttons. */
export function nextDueByGrade(record: CardRecord, now: Date): Record<CardGrade, Date> {
  const preview = scheduler.repeat(currentCard(record), now);
  return {
    1: preview[Rating.Again].card.due,
    2: preview[Rating.Hard].card.due,
    3: preview[Rating.Good].card.due,
    4: preview[Rating.Easy].card.due,
  };
}

function later<T extends { at: string }>(a: T | undefined, b: T | undefined): T | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.at > a.at ? b : a;
}

/**
 * Two copies of one card's record, as two tabs (or an import) left them,
 * made one: every review either made, in time order, replayed; the later
 * edit and suspension; deleted if either deleted it. The same whichever is
 * `mine`, so every tab reaches the same record.
 */
export function mergeRecords(mine: CardRecord, theirs: CardRecord): CardRecord {
  const seen = new Set(mine.reviews.map((r) => r.id));
  const extra = theirs.reviews.filter((r) => !seen.has(r.id));
  const createdAt = mine.createdAt < theirs.createdAt ? mine.createdAt : theirs.createdAt;
  const reviews = extra.length === 0 ? mine.reviews : [...mine.reviews, ...extra].sort(byTime);
  const sameLog = extra.length === 0 && createdAt === mine.createdAt;
  const edit = later(mine.edit, theirs.edit);
  const suspended = later(mine.suspended, theirs.suspended);
  const deletedAt = mine.deletedAt ?? theirs.deletedAt;
  return {
    createdAt,
    reviews,
    // Only a log that changed is replayed: opening a merged deck of thousands stays cheap.
    fsrs: sameLog && mine.fsrs ? mine.fsrs : scheduleFromLog(createdAt, reviews),
    ...(edit ? { edit } : {}),
    ...(suspended ? { suspended } : {}),
    ...(deletedAt ? { deletedAt } : {}),
  };
}
