import { useEffect, useMemo } from 'react';
import type { Artifact } from '../projects';
import { readableAttempts, type QuizAttempt } from './quizAttempts';
import { useStudy } from './studyState';
import { Icon } from '../../ui/Icon';
import { formatDateTime } from '../../ui/formatDate';

/*
 * A saved quiz's history on the project page: every finished
 * attempt, the ones made before saving (kept in the item) and after (kept
 * with the project's study data), oldest first, with the score and what was
 * missed; and "Retry the questions I missed" from the latest attempt.
 */

/** Every readable attempt at the saved quiz, oldest first. */
function useAttempts(projectId: string, artifact: Artifact): QuizAttempt[] {
  const loaded = useStudy((s) => s.data[projectId] !== undefined);
  const later = useStudy((s) => s.data[projectId]?.attempts[artifact.id]);
  useEffect(() => {
    if (!loaded) useStudy.getState().dataOf(projectId);
  }, [loaded, projectId]);
  return useMemo(() => readableAttempts([...(artifact.attempts ?? []), ...(later ?? [])], `saved quiz ${artifact.id}`), [artifact, later]);
}

interface QuizHistoryProps {
  projectId: string;
  /** The saved quiz: its attempts from before saving travel with it. */
  artifact: Artifact;
  questions: readonly { question: string }[];
  onRetry(missed: number[]): void;
}

/** Shown only for saved quizzes, so no other item reads the project's study data. */
export function QuizHistory({ projectId, artifact, questions, onRetry }: QuizHistoryProps) {
  const attempts = useAttempts(projectId, artifact);
  const latest = attempts.at(-1);
  const missed = (latest?.missed ?? []).filter((i) => i < questions.length);
  if (!latest) return <p className="hint quiz-history-empty">No finished attempts yet: take the quiz below, and each attempt is kept here.</p>;
  return (
    <section className="quiz-history" aria-label="Quiz history">
      <h3 className="result-heading">Attempts</h3>
      <ol className="quiz-attempts">
        {attempts.map((attempt) => (
          <li key={attempt.id}>
            <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time>: <strong>{attempt.score} / {attempt.total}</strong>
            {attempt.missed.length > 0 ? `, missed ${attempt.missed.length}` : ', none missed'}
          </li>
        ))}
      </ol>
      {missed.length > 0 ? (
        <button type="button" className="button button-primary" onClick={() => onRetry(missed)}>
          <Icon name="replay" />
          <span>Retry the questions I missed ({missed.length})</span>
        </button>
      ) : (
        <p className="hint">Nothing missed in the latest attempt.</p>
      )}
    </section>
  );
}
