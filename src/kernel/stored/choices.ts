/*
 * The choices stored values may take, without zod, so the first load can
 * name them (the schemas that check them are in schemas.ts).
 */

/** The colour theme: the system's, or one chosen in Settings. */
export const themeChoices = ['system', 'light', 'dark'] as const;

/** The dashboard's tabs. */
export const dashboardFilters = ['all', 'students', 'teachers'] as const;

/**
 * The categories a registry file may declare (defineTool's ToolCategory), in
 * the order the dashboard groups them: a student's day first, then teaching.
 */
export const toolCategories = [
  'Quizzes and practice',
  'Notes and summaries',
  'Writing',
  'Math and science',
  'Research and sources',
  'Study planning',
  'Presentations',
  'Data and code',
  'Thinking and discussion',
  'Career and future',
  'Teaching',
] as const;

/** The dashboard's category filter: every category, or one. */
export const categoryFilters = ['all', ...toolCategories] as const;
