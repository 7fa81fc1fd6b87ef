import { isPersonal, type Field, type FormValues } from '../../kernel/fields';
import { flagNameLikeWords } from './flagNames';
import { hideNames } from './placeholders';
import { namesPlan, type NamesPlan } from './pseudonymise';

/*
 * What the flags beside Generate say about a form: the name-like words in
 * its personal boxes that would still leave as typed once every name found
 * (and every word the user accepted) is replaced.
 */

export interface FormNames extends NamesPlan {
  /** Name-like words that would be sent as typed, each once. */
  flags: string[];
}

export async function formNames(fields: readonly Field[], values: FormValues, accepted: readonly string[] = []): Promise<FormNames> {
  const plan = await namesPlan(fields, values, [], accepted);
  const texts = fields
    .filter(isPersonal)
    .map((field) => values[field.name])
    .filter((value): value is string => typeof value === 'string')
    .map((text) => hideNames(text, plan.pseudonyms));
  return { ...plan, flags: await flagNameLikeWords(texts) };
}
