/*
 * The id of a student's quiz attempt, made by the browser (the gateway takes
 * the same id twice as the same attempt, so a repeated start changes
 * nothing) and kept for the tab's life, per assignment: a reload resumes the
 * same attempt instead of starting another.
 */

const keyOf = (assignmentId: string) => `studyforge:class-attempt:${assignmentId}`;

function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage refused (a locked-down browser): the attempt lasts as long as the page.
    return undefined;
  }
}

export function storedAttemptId(assignmentId: string): string | null {
  try {
    return tabStorage()?.getItem(keyOf(assignmentId)) ?? null;
  } catch {
    return null;
  }
}

export function keepAttemptId(assignmentId: string, attemptId: string): void {
  try {
    tabStorage()?.setItem(keyOf(assignmentId), attemptId);
  } catch {
    // Full or refused: the attempt still works; only a reload would start a new one.
  }
}

/** The stored id, or a new one kept for next time. */
export function attemptIdFor(assignmentId: string): string {
  const stored = storedAttemptId(assignmentId);
  if (stored) return stored;
  const made = crypto.randomUUID();
  keepAttemptId(assignmentId, made);
  return made;
}
