import type { Backend } from '../../kernel/backend/types';
import type { Field, FormValues } from '../../kernel/fields';
import { acceptedNamesFor } from './acceptedNames';
import type { Answer } from '../../kernel/runTool';
import { pseudonymisingBackend, pseudonymsForForm, type PseudonymReport } from './pseudonymise';

/*
 * An answer whose request left with placeholders for names, loaded
 * only for a tool that may hold names, when the user has not turned that off.
 * The answering itself is handed in, so this chunk holds only the name code.
 */

/** What the user is told about placeholders an answer held that stand for no name typed. */
export function unmappedNotice(placeholders: readonly string[]): string {
  const list = placeholders.map((p) => `"${p}"`).join(', ');
  return `This answer mentions ${list}, which ${placeholders.length === 1 ? 'stands' : 'stand'} for no name you typed: the model changed a placeholder. Check who is meant before you use it.`;
}

/**
 * `changeText` is a refinement's typed change ("Mention that Tomás helped"):
 * names found in it leave as placeholders too, beside the form's.
 */
export async function producePrivately(tool: { id: string; fields: readonly Field[] }, values: FormValues, backend: Backend, answerWith: (backend: Backend) => Promise<Answer>, changeText = ''): Promise<Answer> {
  const report: PseudonymReport = { unmapped: [] };
  // The words the user said are names in this tool's form go as placeholders too.
  const pseudonyms = await pseudonymsForForm(tool.fields, values, changeText.trim() === '' ? [] : [changeText], acceptedNamesFor(tool.id));
  const answer = await answerWith(pseudonymisingBackend(backend, pseudonyms, report));
  return report.unmapped.length > 0 ? { ...answer, privacyNotice: unmappedNotice(report.unmapped) } : answer;
}

/**
 * The backend for a follow-up call (a quiz's remediation) of a tool that may
 * hold names: the names typed in the form that made the result (none for a
 * saved item, which keeps no inputs) and the names found in the follow-up's
 * own text leave as placeholders and come back as names.
 */
export async function privateFollowUpBackend(tool: { id: string; fields: readonly Field[] }, values: FormValues | null, context: Readonly<Record<string, string>>, backend: Backend): Promise<Backend> {
  return pseudonymisingBackend(backend, await pseudonymsForForm(tool.fields, values, Object.values(context), acceptedNamesFor(tool.id)), { unmapped: [] });
}
