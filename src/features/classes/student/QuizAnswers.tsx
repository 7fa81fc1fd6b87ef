import type { AnswerVerdict, AttemptScore, QuestionForStudent } from '../../../kernel/classes/wire';

/** The gateway's score in words: "You scored 4 out of 5". */
export function scoreWords(score: Pick<AttemptScore, 'score' | 'total'>): string {
  return `You scored ${score.score} out of ${score.total}`;
}

/** The questions answered so far with the gateway's verdicts (what a resumed quiz shows of its past). */
export function AnsweredList({ questions, verdicts, heading }: { questions: readonly QuestionForStudent[]; verdicts: ReadonlyMap<number, AnswerVerdict>; heading: string }) {
  if (verdicts.size === 0) return null;
  const answered = [...verdicts.values()].sort((a, b) => a.question - b.question);
  return (
    <section className="class-answered" aria-label={heading}>
      <h3>{heading}</h3>
      <ol className="class-answered-list">
        {answered.map((verdict) => (
          <li key={verdict.question} className={verdict.correct ? 'class-answered-right' : 'class-answered-wrong'}>
            <p className="class-answered-question">
              Question {verdict.question + 1}: {questions[verdict.question]?.question ?? ''}
            </p>
            <p className="class-answered-verdict">
              {verdict.correct ? `Right: ${verdict.chosen}` : `Not quite: you chose ${verdict.chosen}. The answer is: ${verdict.correctOption}`}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
