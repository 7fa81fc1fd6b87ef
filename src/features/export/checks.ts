/*
 * Export's build-time checks, run by the registry plugin over every tool
 * declaration (tooling/registryChecks.ts): never part of the browser bundle.
 */
export { exportProblems } from './exportChecks.ts';
