import type { SyncField } from '../../src/kernel/sync/syncItem';

/*
 * A project's study data and the pinned tools, put back together from the
 * synced items the way a device puts them back into its storage
 * (src/features/sync/syncedStudy.ts and syncedValues.ts), so the download's
 * project file carries them as the app's own export does and the Projects
 * page's import brings them back:
 *
 * - `study-card`, id `projectId/cardId`: the card's fields;
 * - `study-review`, id `projectId/cardId/reviewId`: one grading of that card;
 * - `quiz-attempt`, id `projectId/artifactId/attemptId`: one finished quiz;
 * - `favourite`, id = the tool's id, field `on`: pinned or not.
 *
 * An item that finds no place (a review whose card is gone, an unpinned
 * tool) is left to otherData by the caller, as stored.
 */

/** One synced row as the database holds it. */
export interface HeldItem {
  c: string;
  id: string;
  f: Record<string, SyncField>;
  /** When it was deleted; a deleted item keeps no fields. */
  d?: string;
}

type Values = Record<string, unknown>;

export interface StudyData {
  cards: Record<string, Values>;
  attempts: Record<string, Values[]>;
}

/** An item's field values, as a device reads them: a field synced as null was removed where it was edited, so it is left out. */
export const valuesOf = (item: HeldItem): Values =>
  Object.fromEntries(Object.entries(item.f).flatMap(([name, field]): [string, unknown][] => (field.v === null || field.v === undefined ? [] : [[name, field.v]])));

/** `projectId/middle/last`: project, review and attempt ids hold no slash; a card's id is whatever lies between. */
function parts(id: string, withLast: boolean): { projectId: string; middle: string; last: string } | null {
  const first = id.indexOf('/');
  const lastSlash = withLast ? id.lastIndexOf('/') : id.length;
  if (first <= 0 || lastSlash <= first + 1 || (withLast && lastSlash === id.length - 1)) return null;
  return { projectId: id.slice(0, first), middle: id.slice(first + 1, lastSlash), last: id.slice(lastSlash + 1) };
}

const byTime = (a: Values, b: Values) => String(a.at ?? '').localeCompare(String(b.at ?? '')) || String(a.id ?? '').localeCompare(String(b.id ?? ''));

/**
 * The study data of each of `projectIds`, and which items went into it.
 * A card keeps its reviews in its `reviews` list, oldest first; attempts are listed by saved item, oldest first.
 */
export function studyOf(items: readonly HeldItem[], projectIds: ReadonlySet<string>): { study: Map<string, StudyData>; used: Set<HeldItem> } {
  const study = new Map<string, StudyData>();
  const used = new Set<HeldItem>();
  const dataOf = (projectId: string) => {
    let data = study.get(projectId);
    if (!data) study.set(projectId, (data = { cards: {}, attempts: {} }));
    return data;
  };
  const live = items.filter((item) => !item.d);
  for (const item of live.filter((one) => one.c === 'study-card')) {
    const where = parts(item.id, false);
    if (!where || !projectIds.has(where.projectId)) continue;
    dataOf(where.projectId).cards[where.middle] = { ...valuesOf(item), reviews: [] };
    used.add(item);
  }
  for (const item of live) {
    if (item.c !== 'study-review' && item.c !== 'quiz-attempt') continue;
    const where = parts(item.id, true);
    if (!where || !projectIds.has(where.projectId)) continue;
    const data = dataOf(where.projectId);
    if (item.c === 'study-review') {
      const card = data.cards[where.middle];
      if (!card || !Array.isArray(card.reviews)) continue;
      card.reviews = [...(card.reviews as Values[]), { id: where.last, ...valuesOf(item) }].sort(byTime);
    } else {
      data.attempts[where.middle] = [...(data.attempts[where.middle] ?? []), { ...valuesOf(item), id: where.last }].sort(byTime);
    }
    used.add(item);
  }
  return { study, used };
}

/** The tools pinned now, in the order they were pinned (their `on` field's stamp), and which items said so. */
export function pinnedTools(items: readonly HeldItem[]): { favourites: string[]; used: Set<HeldItem> } {
  const pinned = items.filter((item) => item.c === 'favourite' && !item.d && item.f.on?.v === true);
  const inOrder = [...pinned].sort((a, b) => String(a.f.on?.t).localeCompare(String(b.f.on?.t)) || a.id.localeCompare(b.id));
  return { favourites: inOrder.map((item) => item.id), used: new Set(pinned) };
}
