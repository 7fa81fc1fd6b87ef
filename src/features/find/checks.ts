/*
 * Find's build-time checks (search terms a tool declares), run by the
 * registry plugin over every tool declaration (tooling/registryChecks.ts).
 */
export { searchTermProblems } from './searchTermChecks.ts';
