/*
 * How a stored value is read: a function from the parsed JSON to the value,
 * or the first problem found. The first load's readers are compiled from zod
 * schemas at build time (`virtual:studyforge/stored-readers`); everywhere
 * else zodReader wraps a schema.
 */

export type ReadOutcome<T> = { ok: true; value: T } | { ok: false; problem: string };

export type StoredReader<T> = (value: unknown) => ReadOutcome<T>;
