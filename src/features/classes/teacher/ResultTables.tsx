import type { AssignmentStatus, ClassResults } from '../../../kernel/classes/wire';

const STATUS_WORDS: Record<AssignmentStatus, string> = { 'not-started': 'Not started', started: 'Started', finished: 'Finished' };

function minutes(seconds: number): string {
  if (seconds <= 0) return '—';
  const whole = Math.round(seconds / 60);
  return whole < 1 ? 'under a minute' : `${whole} min`;
}

/** Per student: group, started or finished, score (computed by the server from the stored answers), time spent. */
export function StudentTable({ results }: { results: ClassResults }) {
  if (results.students.length === 0) return <p className="empty-state">No students in the class yet.</p>;
  return (
    <div className="class-table-wrap">
      <table className="class-table">
        <caption>Students</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Group</th>
            <th scope="col">Status</th>
            <th scope="col">Score</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {results.students.map((student) => (
            <tr key={student.userId}>
              <th scope="row">{student.name}</th>
              <td>{student.group ?? '—'}</td>
              <td>{STATUS_WORDS[student.status]}</td>
              <td>{student.score !== null && student.total !== null ? `${student.score} / ${student.total}` : '—'}</td>
              <td>{minutes(student.timeSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Per question: how many answered it and how many got it right. */
export function QuestionTable({ results }: { results: ClassResults }) {
  if (results.questions.length === 0) return null;
  return (
    <div className="class-table-wrap">
      <table className="class-table">
        <caption>Questions</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Correct</th>
          </tr>
        </thead>
        <tbody>
          {results.questions.map((question) => (
            <tr key={question.question}>
              <th scope="row">
                {question.question + 1}. {question.text}
              </th>
              <td>{question.answered === 0 ? 'Not answered yet' : `${question.correct} of ${question.answered}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The questions most missed, with the wrong options chosen most: counted from the answers, never guessed. */
export function MostMissed({ results, headingId }: { results: ClassResults; headingId: string }) {
  const missed = results.mostMissed.map((index) => results.questions.find((question) => question.question === index)).filter((question) => question !== undefined);
  return (
    <>
      <h3 id={headingId} className="results-subtitle">Most missed</h3>
      {missed.length === 0 ? (
        <p className="empty-state">No question has been missed yet.</p>
      ) : (
        <ol className="most-missed" aria-labelledby={headingId}>
          {missed.map((question) => (
            <li key={question.question}>
              <p className="most-missed-question">
                {question.text} <span className="hint">({question.answered - question.correct} of {question.answered} wrong; answer: {question.correctOption})</span>
              </p>
              {question.wrongOptions.length > 0 && (
                <p className="hint">
                  Wrong answers chosen most: {question.wrongOptions.map((wrong) => `“${wrong.option}” (${wrong.count})`).join(', ')}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
