/*
 * Projects' build-time part: the stored-value schemas the build compiles
 * for the first load (tooling/storedReadersPlugin.ts), never part of the
 * browser bundle.
 */
export { projectStoredValueSchemas } from './storedValues';
