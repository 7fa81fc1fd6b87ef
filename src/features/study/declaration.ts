import type { FinishedQuiz } from './attempt';

/*
 * What study hands every result renderer (the kernel's RendererServices):
 * declared here, beside the quiz history that keeps the attempts, so the
 * kernel names no feature.
 */

declare module '../../kernel/rendererProps' {
  interface RendererServices {
    /** Told when a quiz is finished, with the score and the questions missed: the quiz history. */
    recordAttempt?(finished: FinishedQuiz): void;
  }
}
