import type { StudyForgeDb } from '../database/database';

/*
 * Student names never reach the model. Before a class's prompt is composed,
 * every name of the class's roster (the name the class shows for each
 * member, and the account's own name: a guest's first name, a school
 * account's full name) is replaced wherever it appears as a whole word, in
 * any case, by a placeholder ("Student A", "Student B"...), the one the
 * browser's own pseudonymisation uses; the answer gets the names back.
 */

export interface RosterPerson {
  /** The name the class shows (what the teacher sees); the answer gets this one back. */
  shown: string;
  /** Every other name the person goes by in the class. */
  otherNames: readonly string[];
}

/**
 * The class's members with their names, read by the server itself: a
 * member may not read the roster (row-level security keeps each to their
 * own row), yet their text must lose every classmate's name. Call it only
 * after the door has let the person into the class, and never inside a
 * user's transaction.
 */
export async function rosterOf(db: StudyForgeDb, classId: string): Promise<RosterPerson[]> {
  const rows = await db.system
    .selectFrom('class_members')
    .innerJoin('users', 'users.id', 'class_members.user_id')
    .select(['class_members.display_name', 'users.name'])
    .where('class_members.class_id', '=', classId)
    .orderBy('class_members.joined_at')
    .orderBy('class_members.user_id')
    .execute();
  return rows.map((row) => ({ shown: row.display_name, otherNames: row.name ? [row.name] : [] }));
}

/** "Student A" ... "Student Z", "Student AA"...: as many as the class needs. */
export function placeholderOf(index: number): string {
  let label = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) label = String.fromCharCode(65 + ((n - 1) % 26)) + label;
  return `Student ${label}`;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Spacing inside a name as typed matches any spacing in the text. */
const namePattern = (name: string) => name.trim().split(/\s+/).map(escaped).join('\\s+');
const nameKey = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
// A whole word: no letter or digit of any script right before or after it.
const wholeWord = (alternatives: string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** The smallest name worth replacing: a single letter would turn every "a" into a student. */
const MIN_NAME_CHARS = 2;

export interface RosterPseudonyms {
  /** The text with every roster name replaced by its placeholder. */
  hide(text: string): string;
  /** Every string inside a value (text, or an answer's JSON) with the placeholders turned back into names. */
  restore<T>(value: T): T;
}

export function rosterPseudonyms(people: readonly RosterPerson[]): RosterPseudonyms {
  const byName = new Map<string, string>();
  const byPlaceholder = new Map<string, string>();
  people.forEach((person, index) => {
    const placeholder = placeholderOf(index);
    byPlaceholder.set(placeholder, person.shown);
    for (const name of [person.shown, ...person.otherNames]) {
      const key = nameKey(name);
      if (key.length >= MIN_NAME_CHARS && !byName.has(key)) byName.set(key, placeholder);
    }
  });
  // Longest first, so "Ana Lopez" is replaced whole before "Ana" could be.
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  const finder = names.length > 0 ? wholeWord(names.map(namePattern)) : null;
  const placeholders = [...byPlaceholder.keys()].sort((a, b) => b.length - a.length);
  const restorer = placeholders.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${placeholders.map(escaped).join('|')})(?![\\p{L}\\p{N}])`, 'gu') : null;

  const restoreText = (text: string) => (restorer ? text.replace(restorer, (found) => byPlaceholder.get(found) ?? found) : text);
  const restore = (value: unknown): unknown => {
    if (typeof value === 'string') return restoreText(value);
    if (Array.isArray(value)) return value.map(restore);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, restore(inner)]));
    return value;
  };
  return {
    hide: (text) => (finder ? text.replace(finder, (found) => byName.get(nameKey(found)) ?? found) : text),
    restore: <T>(value: T) => restore(value) as T,
  };
}
