import { ENGINE_REFINEMENTS, MAX_CHANGE_REQUEST_LENGTH } from './changeRequests.ts';

/*
 * A registry file's `refine` settings, checked while the registry
 * assembles: a refinement of its own needs a label no other button under the
 * result has, and an instruction a typed change could also be.
 */

const SCALES = ['grade', 'cefr', false];

export function refineProblems(file: string, refine: unknown): string[] {
  if (refine === undefined || refine === false) return [];
  if (typeof refine !== 'object' || refine === null) {
    return [`${file}: refine must be false (no refine bar) or an object { refinements?, readingLevel? }.`];
  }
  const { refinements = [], readingLevel } = refine as { refinements?: unknown; readingLevel?: unknown };
  const problems: string[] = [];
  if (readingLevel !== undefined && !SCALES.includes(readingLevel as string | false)) {
    problems.push(`${file}: refine.readingLevel ${JSON.stringify(readingLevel)} is not a scale. Use 'grade', 'cefr' or false.`);
  }
  if (!Array.isArray(refinements)) return [...problems, `${file}: refine.refinements must be a list of { label, instruction }.`];
  const taken = new Set(ENGINE_REFINEMENTS.map((r) => r.label.toLowerCase()));
  for (const [index, item] of refinements.entries()) {
    const { label, instruction } = (item ?? {}) as { label?: unknown; instruction?: unknown };
    const where = `${file}: refine.refinements[${index}]`;
    if (typeof label !== 'string' || label.trim() === '') {
      problems.push(`${where} has no label. Give it the button's text, e.g. label: 'More encouraging'.`);
    } else if (taken.has(label.trim().toLowerCase())) {
      problems.push(`${where}: the label "${label}" is already a button under every result. Choose another label.`);
    } else {
      taken.add(label.trim().toLowerCase());
    }
    if (typeof instruction !== 'string' || instruction.trim() === '') {
      problems.push(`${where} has no instruction. Say what the model should change, e.g. instruction: 'Make it more encouraging.'`);
    } else if (instruction.length > MAX_CHANGE_REQUEST_LENGTH) {
      problems.push(`${where}: the instruction has ${instruction.length} characters. Keep it to ${MAX_CHANGE_REQUEST_LENGTH}, the limit a typed change has.`);
    }
  }
  return problems;
}
