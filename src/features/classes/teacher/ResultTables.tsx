import type { AssignmentStatus, ClassResults } from '../../../kernel/classes/wire';

const STATUS_WORDS: Record<AssignmentStatus, string> = { 'not-started': 'Not started', started: 'Started', finished: 'Finished' };

function minutes(seconds: number): string {
  if (seconds <= 0) return '—';
  const whole = Math.round(seconds / 60);
  return whole < 1 ? 'under a minute' : `${whole} min`;
}

/** A results table with its caption and column headings; it scrolls sideways on a phone rather than squeeze. */
function ResultTable({ caption, columns, children }: { caption: string; columns: string[]; children: React.ReactNode }) {
  return (
    <div className="class-table-wrap">
      <table className="class-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Per student: group, started or finished, score (computed by the server from the stored answers), time spent. */
export function StudentTable({ results }: { results: ClassResults }) {
  if (results.students.length === 0) return <p className="empty-state">No students in the class yet.</p>;
  return (
    <ResultTable caption="Students" columns={['Student', 'Group', 'Status', 'Score', 'Time']}>
      {results.students.map((student) => (
        <tr key={student.userId}>
          <th scope="row">{student.name}</th>
          <td>{student.group ?? '—'}</td>
          <td>{STATUS_WORDS[student.status]}</td>
          <td>{student.score !== null && student.total !== null ? `${student.score} / ${student.total}` : '—'}</td>
          <td>{minutes(student.timeSeconds)}</td>
        </tr>
      ))}
    </ResultTable>
  );
}

/** Per question: how many answered it and how many got it right. */
export function QuestionTable({ results }: { results: ClassResults }) {
  if (results.questions.length === 0) return null;
  return (
    <ResultTable caption="Questions" columns={['Question', 'Correct']}>
      {results.questions.map((question) => (
        <tr key={question.question}>
          <th scope="row">
            {question.question + 1}. {question.text}
          </th>
          <td>{question.answered === 0 ? 'Not answered yet' : `${question.correct} of ${question.answered}`}</td>
        </tr>
      ))}
    </ResultTable>
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
