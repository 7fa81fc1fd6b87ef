/*
 * Study: learning from what was saved. Flashcards scheduled with FSRS, the
 * deck and the Study screen, cards due today, and the history of quiz
 * attempts.
 *
 * Offers: the cards a result holds, quiz attempts (store, numbering, the
 * history panel), and loaders for everything that brings the scheduler
 * (ts-fsrs): the Study page, a project's study section, cards due today, the
 * study store and its stored data.
 */
export { cardsOf, type CardFace } from './cards';
export { inOriginalNumbering, type FinishedQuiz } from './quizAttempts';
export { useQuizAttempts } from './quizAttemptsState';
export { QuizHistory } from './QuizHistory';
export { useStudy } from './studyState';

/** The Study screen (brings the scheduler). */
export const loadStudyPage = () => import('./StudyPage');
/** A project's flashcards and their schedule, loaded after the project page. */
export const loadStudySection = () => import('./StudySection');
/** The dashboard's cards due today, loaded only for someone with projects. */
export const loadDueToday = () => import('./DueToday');
/** The study store (schedules and attempts per project), loaded with study data. */
export const loadStudyState = () => import('./studyState');
/** Reading and writing a project's study data in exports and imports, loaded when a file has it. */
export const loadStudyStorage = () => import('./studyStorage');
