/* The database as sign-in sees it: the shared StudyForgeDb (server/database/). */
export type { StudyForgeDb } from '../database/database';
export type { Database } from '../database/schema';
