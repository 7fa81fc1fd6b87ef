/*
 * The choices stored values may take, without zod, so the first load can
 * name them (the schemas that check them are in schemas.ts).
 */

/** The colour theme: the system's, or one chosen in Settings. */
export const themeChoices = ['system', 'light', 'dark'] as const;

/** The dashboard's tabs. */
export const dashboardFilters = ['all', 'students', 'teachers'] as const;
