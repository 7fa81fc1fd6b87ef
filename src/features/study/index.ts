/*
 * Study: learning from what was saved. Flashcards scheduled with FSRS, the
 * deck and the Study screen, cards due today, and the history of quiz
 * attempts.
 *
 * Offers: the cards a result holds, and loaders for the rest, each of which
 * brings zod or the scheduler (ts-fsrs): the Study screen, a project's study
 * section, cards due today, the study store and its stored data, quiz
 * attempts. The dashboard imports this entry (for cards due today), so only
 * code free of top-level work is re-exported here.
 */
export { cardsOf, type CardFace } from './cards';
export type { FinishedQuiz } from './quizAttempts';

/** The Study screen for a project (brings the scheduler). */
export const loadStudyScreen = () => import('./StudyScreen');
/** A project's flashcards and their schedule, loaded after the project page. */
export const loadStudySection = () => import('./StudySection');
/** The dashboard's cards due today, loaded only for someone with projects. */
export const loadDueToday = () => import('./DueToday');
/** The study store (schedules and attempts per project), loaded with study data. */
export const loadStudyState = () => import('./studyState');
/** Reading and writing a project's study data in exports and imports, loaded when a file has it. */
export const loadStudyStorage = () => import('./studyStorage');
/** The history of a saved quiz's attempts (brings the study store). */
export const loadQuizHistory = () => import('./QuizHistory');
/** Reading stored quiz attempts and renumbering a retry's (brings zod), loaded with a saved quiz. */
export const loadQuizAttemptRecords = () => import('./quizAttempts');
/** Quiz attempts kept per result in a tool session (brings zod). */
export const loadQuizAttempts = () => import('./quizAttemptsState');
