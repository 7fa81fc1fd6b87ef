import { ARR, OBJ, parse, STR } from 'partial-json';

/*
 * What a structured answer holds so far, for the streaming preview only: the
 * text is unvalidated and incomplete, so it is never a result, never copied
 * and never saved. The whole answer is validated against the schema at the end.
 *
 * Strings may be partial (they are what is being written); numbers, booleans
 * and null appear only once complete, so a "12" never shows before it is "125".
 */

const PARTIAL = STR | ARR | OBJ;

/** A leading markdown fence some models write around JSON, and its closing one if it has arrived. */
function withoutFence(text: string): string {
  const opened = /^\s*```(?:json)?[ \t]*(?:\r?\n|$)/i.exec(text);
  if (!opened) return text;
  return text.slice(opened[0].length).replace(/\n?```\s*$/, '');
}

/** The value the partial JSON text holds so far, or undefined while there is nothing readable yet. */
export function partialJson(text: string): unknown {
  const json = withoutFence(text).trim();
  if (json === '') return undefined;
  try {
    const value: unknown = parse(json, PARTIAL);
    return value;
  } catch {
    // Incomplete at the top (a bare number half written) or not JSON at all: nothing to show yet.
    return undefined;
  }
}
