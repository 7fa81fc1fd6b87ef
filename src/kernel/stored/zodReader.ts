// zod's core parse, which both its APIs (full and mini) share: the reader adds neither's constructors.
import { safeParse, type $ZodType } from 'zod/v4/core';
import type { StoredReader } from './reader';

/** A stored value read with zod, for the screens that load it anyway (the first load uses compiled readers). */
export function zodReader<T>(schema: $ZodType<T>): StoredReader<T> {
  return (value) => {
    const parsed = safeParse(schema, value);
    if (parsed.success) return { ok: true, value: parsed.data };
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'does not fit'}` };
  };
}
