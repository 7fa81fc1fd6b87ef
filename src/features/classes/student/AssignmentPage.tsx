import { useEffect, useState } from 'react';
import { CLASS_MESSAGES, type AssignmentForStudent, type AssignmentView } from '../../../kernel/classes/wire';
import { ErrorBox } from '../../../ui/ErrorBox';
import { formatDateTime } from '../../../ui/formatDate';
import { hrefTo } from '../../../ui/routes';
import { Spinner } from '../../../ui/Spinner';
import { classApi } from '../classApi';
import { FlashcardsWork } from './FlashcardsWork';
import { flashcardsOf } from './flashcardMaterial';
import { HelpBox } from './HelpBox';
import { MaterialView } from './MaterialView';
import { classPathOf } from './navigation';
import { PresetSummary } from './PresetSummary';
import { QuizWork } from './QuizWork';
import { TeacherPreview } from './TeacherPreview';
import { ToolWork } from './ToolWork';
import { useTimeSpent } from './useTimeSpent';
import '../student.css';

/*
 * A student's work on one assignment (#/classes/:classId/assignments/:id):
 * the teacher's note, then the work itself, as the gateway hands it over:
 * a quiz it marks, flashcards to study, or the tool's form. A teacher who
 * opens it sees the material with its answers instead.
 */

type Loading = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; view: AssignmentView };

export function AssignmentPage({ classId, assignmentId }: { classId: string; assignmentId: string }) {
  const [loading, setLoading] = useState<Loading>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    classApi.assignment(classId, assignmentId).then(
      (view) => current && setLoading({ kind: 'loaded', view }),
      (error: unknown) => current && setLoading({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [classId, assignmentId]);

  if (loading.kind !== 'loaded') {
    return (
      <article className="page narrow assignment-page">
        <h1 className="page-title" tabIndex={-1}>Assignment</h1>
        {loading.kind === 'loading' ? (
          <p className="loading-card" role="status">
            <Spinner /> Loading the assignment…
          </p>
        ) : (
          <ErrorBox message={loading.message} />
        )}
        <p>
          <a href={hrefTo(classPathOf(classId))}>Back to the class</a>
        </p>
      </article>
    );
  }
  const { view } = loading;
  return (
    <article className="page narrow assignment-page">
      <h1 className="page-title" tabIndex={-1}>{view.title}</h1>
      {view.view === 'student' ? <StudentAssignment assignment={view} /> : <TeacherPreview assignment={view} />}
    </article>
  );
}

function AssignmentFacts({ assignment }: { assignment: AssignmentForStudent }) {
  return (
    <dl className="class-facts">
      <div>
        <dt>Class</dt>
        <dd>
          <a href={hrefTo(classPathOf(assignment.classId))}>{assignment.className}</a>
        </dd>
      </div>
      <div>
        <dt>Due</dt>
        <dd>{assignment.dueAt ? formatDateTime(assignment.dueAt) : 'No due date'}</dd>
      </div>
    </dl>
  );
}

function StudentAssignment({ assignment }: { assignment: AssignmentForStudent }) {
  useTimeSpent(assignment.classId, assignment.id, assignment.open);
  return (
    <>
      <AssignmentFacts assignment={assignment} />
      {assignment.note.trim() !== '' && (
        <section className="class-note" aria-labelledby="class-note-heading">
          <h2 id="class-note-heading">Note from your teacher</h2>
          <p>{assignment.note}</p>
        </section>
      )}
      {assignment.open ? <StudentWork assignment={assignment} /> : <p className="class-closed">{CLASS_MESSAGES.closed}</p>}
      <HelpBox classId={assignment.classId} assignmentId={assignment.id} />
    </>
  );
}

/** The work, by what the gateway sent: a quiz's questions, material made for the class, or the tool's form. */
function StudentWork({ assignment }: { assignment: AssignmentForStudent }) {
  if (assignment.quiz !== undefined) {
    // Null: questions the teacher has not approved yet.
    if (!assignment.quiz) return <p className="class-waiting">{CLASS_MESSAGES.awaitingApproval}</p>;
    return (
      <>
        <PresetSummary assignment={assignment} />
        <QuizWork assignment={assignment} questions={assignment.quiz} />
      </>
    );
  }
  if (assignment.material !== undefined && assignment.material !== null) {
    const cards = flashcardsOf(assignment.material);
    if (cards) {
      return (
        <>
          <PresetSummary assignment={assignment} />
          <FlashcardsWork classId={assignment.classId} assignmentId={assignment.id} cards={cards} />
        </>
      );
    }
    // Other material made for the class (approved by the teacher): shown, then the tool to work with.
    return (
      <>
        <section className="card" aria-label="Material">
          <MaterialView content={assignment.material} />
        </section>
        <ToolWork assignment={assignment} />
      </>
    );
  }
  // No material: the tool's form (a deck not approved yet says so there, as its form cannot make one).
  return <ToolWork assignment={assignment} />;
}
