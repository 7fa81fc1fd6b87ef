/*
 * Words the user said are names (one tap on "These look like names and will
 * be sent"), per tool, for as long as this tab has the tool's form: from then
 * on they are replaced like any name found. Kept in memory only, never
 * stored, and per tool: a word that is a name in one teacher's notes ("Will",
 * "Grace") may be a word in another tool's text, and a name is not something
 * the app should remember once the tab is closed.
 */

const accepted = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();

const EMPTY: readonly string[] = [];

export function acceptedNamesFor(toolId: string): readonly string[] {
  return accepted.get(toolId) ?? EMPTY;
}

export function acceptNames(toolId: string, words: readonly string[]): void {
  const before = acceptedNamesFor(toolId);
  const added = words.filter((word) => !before.includes(word));
  if (added.length === 0) return;
  accepted.set(toolId, [...before, ...added]);
  listeners.forEach((listener) => listener());
}

/** Every tool's accepted words gone ("Delete all my data"). */
export function forgetAcceptedNames(): void {
  if (accepted.size === 0) return;
  accepted.clear();
  listeners.forEach((listener) => listener());
}

export function subscribeAcceptedNames(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
