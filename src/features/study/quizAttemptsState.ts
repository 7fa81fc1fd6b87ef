import { useCallback } from 'react';
import { z } from 'zod';
import { newSaveId } from '../projects';
import { MAX_ATTEMPTS, type FinishedQuiz, type QuizAttempt } from './attempt';
import { usePersistentState } from '../../ui/persistentState';

const storedSchema = z.object({
  resultId: z.string(),
  attempts: z.array(z.object({ id: z.string(), at: z.string(), score: z.number(), total: z.number(), missed: z.array(z.number()) })).max(MAX_ATTEMPTS),
});

/**
 * The finished attempts at the quiz on a tool page, kept with that result
 * (a reload keeps them, a new result starts none), so saving the quiz saves
 * its history too.
 */
export function useQuizAttempts(toolId: string, resultId: string): [QuizAttempt[], (finished: FinishedQuiz) => void] {
  const [stored, setStored] = usePersistentState(`attempts:${toolId}`, storedSchema, () => ({ resultId, attempts: [] }));
  const attempts = stored.resultId === resultId ? stored.attempts : NONE;
  const record = useCallback(
    (finished: FinishedQuiz) => {
      const attempt: QuizAttempt = { id: newSaveId(), at: new Date().toISOString(), ...finished };
      setStored({ resultId, attempts: [...attempts, attempt].slice(-MAX_ATTEMPTS) });
    },
    [resultId, attempts, setStored],
  );
  return [attempts, record];
}

const NONE: QuizAttempt[] = [];
