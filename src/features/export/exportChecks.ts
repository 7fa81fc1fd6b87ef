import { exportFormatKeys, optionalExportFormatKeys } from './format.ts';

/*
 * A registry file's `exports` settings, checked while the registry
 * assembles: only formats that exist, `add` only for the optional ones (the
 * others come with the result kind or renderer, or not at all), and no format
 * both added and removed.
 */

const list = (keys: readonly string[]) => keys.map((k) => `'${k}'`).join(', ');

export function exportProblems(file: string, settings: unknown): string[] {
  if (settings === undefined) return [];
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    return [`${file}: exports must be an object { add?, remove? }, e.g. exports: { remove: ['csv'] }.`];
  }
  const { add = [], remove = [], ...rest } = settings as { add?: unknown; remove?: unknown };
  const problems = Object.keys(rest).map((key) => `${file}: exports.${key} is not a setting. Use add or remove.`);
  for (const [name, keys, allowed] of [
    ['add', add, optionalExportFormatKeys],
    ['remove', remove, exportFormatKeys],
  ] as const) {
    if (!Array.isArray(keys)) {
      problems.push(`${file}: exports.${name} must be a list of format keys, e.g. ${name}: [${list(allowed.slice(0, 1))}].`);
      continue;
    }
    for (const key of keys) {
      if (!(allowed as readonly unknown[]).includes(key)) {
        problems.push(
          name === 'add' && (exportFormatKeys as readonly unknown[]).includes(key)
            ? `${file}: exports.add names '${String(key)}', which comes with its result kind or renderer, or cannot read this result. Only ${list(allowed)} can be added.`
            : `${file}: exports.${name} names ${JSON.stringify(key)}, which is no format. Use one of ${list(allowed)}.`,
        );
      }
    }
  }
  if (Array.isArray(add) && Array.isArray(remove)) {
    for (const key of add.filter((k: unknown) => remove.includes(k))) problems.push(`${file}: exports both adds and removes '${String(key)}'. Keep one.`);
  }
  return problems;
}
