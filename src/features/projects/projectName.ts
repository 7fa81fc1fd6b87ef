/*
 * How long a project's name may be: what the create and rename forms allow
 * (maxLength 120). A name from anywhere else (an import file, the save
 * panel's new-project box) is held to the same, so a list of projects stays
 * readable and a hostile file cannot fill storage and every screen with names.
 */

export const MAX_PROJECT_NAME_LENGTH = 120;

/** The name trimmed and, when longer than the limit, cut there (never inside a character made of two UTF-16 units). */
export function boundedProjectName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= MAX_PROJECT_NAME_LENGTH) return trimmed;
  const cut = trimmed.slice(0, MAX_PROJECT_NAME_LENGTH);
  return (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
}
