/* The refine code, one chunk: loaded by loadRefine.ts with the first result. */
export { RefineBar } from './RefineBar';
export { VersionBar } from './VersionBar';
