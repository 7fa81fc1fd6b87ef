/*
 * What a tool session needs beyond its form, in one chunk loaded on demand
 * (toolSessions.ts, loadSessionCode): reading a stored session back, and
 * producing an answer. Both bring zod and the tool's result checks.
 */
export { produceAnswer } from '../refine/produceAnswer';
export { restoredSession } from './storedSession';
