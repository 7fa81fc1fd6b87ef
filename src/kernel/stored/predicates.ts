/*
 * The refinements a first-load stored value may use. The build compiles those
 * schemas into plain checks (tooling/storedReadersPlugin.ts), and a closure
 * cannot be compiled: a refinement there must be one of these named,
 * zod-free functions, which the compiled checks import and call.
 */

/** Present, whatever its value: JSON has no undefined, so only a missing key fails. */
export function isPresent(value: unknown): boolean {
  return value !== undefined;
}
