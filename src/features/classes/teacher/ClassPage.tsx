import { useId } from 'react';
import type { ClassDetail } from '../../../kernel/classes/wire';
import { ErrorBox } from '../../../ui/ErrorBox';
import { hrefTo, routes } from '../../../ui/routes';
import { Spinner } from '../../../ui/Spinner';
import { classApi } from '../classApi';
import { AssignmentList } from './AssignmentList';
import { AssignmentsPanel } from './AssignmentsPanel';
import { ClassHeader } from './ClassHeader';
import { ClassResults } from './ClassResults';
import { JoinPanel } from './JoinPanel';
import { RosterPanel } from './RosterPanel';
import { TeachersPanel } from './TeachersPanel';
import { useLoaded } from './useLoaded';
import { ViewerGate } from './ViewerGate';
import '../classes.css';

/** What a student sees of their class: its name, its teachers and its assignments. */
function MemberView({ detail }: { detail: ClassDetail }) {
  const id = useId();
  return (
    <>
      <h1 className="page-title" tabIndex={-1}>{detail.name}</h1>
      {detail.teachers.length > 0 && <p className="lede">Taught by {detail.teachers.map((teacher) => teacher.name).join(', ')}</p>}
      <section aria-labelledby={id}>
        <h2 id={id} className="section-title">Assignments</h2>
        <AssignmentList classId={detail.id} assignments={detail.assignments} linkTitles />
      </section>
    </>
  );
}

function TeacherView({ detail, onChange }: { detail: ClassDetail; onChange: (detail: ClassDetail) => void }) {
  return (
    <>
      <ClassHeader detail={detail} onChange={onChange} />
      {detail.archived && <p className="card class-archived-note">This class is archived. Restore it to make changes.</p>}
      <JoinPanel detail={detail} onChange={onChange} />
      <AssignmentsPanel detail={detail} onChange={onChange} />
      <ClassResults classId={detail.id} assignments={detail.assignments} />
      <RosterPanel detail={detail} onChange={onChange} />
      <TeachersPanel detail={detail} onChange={onChange} />
    </>
  );
}

function LoadedClass({ classId }: { classId: string }) {
  const { state, set, reload } = useLoaded(() => classApi.classDetail(classId), classId);
  if (state.kind === 'loading') {
    return (
      <>
        <h1 className="page-title" tabIndex={-1}>Class</h1>
        <p role="status" className="classes-loading">
          <Spinner />
          <span>Loading the class…</span>
        </p>
      </>
    );
  }
  if (state.kind === 'failed') {
    return (
      <>
        <h1 className="page-title" tabIndex={-1}>Class</h1>
        <ErrorBox message={state.message}>
          <button type="button" className="button" onClick={() => void reload()}>Try again</button>
        </ErrorBox>
        <p><a href={hrefTo(routes.classes)}>All classes</a></p>
      </>
    );
  }
  return state.value.role === 'teacher' ? <TeacherView detail={state.value} onChange={set} /> : <MemberView detail={state.value} />;
}

/** #/classes/:classId: the teacher's class (join panel, assignments, live results, roster), or a student's view of it. */
export function ClassPage({ classId }: { classId: string }) {
  return (
    <article className="page class-page">
      <p className="class-back">
        <a href={hrefTo(routes.classes)}>All classes</a>
      </p>
      <ViewerGate heading="Class">{() => <LoadedClass classId={classId} />}</ViewerGate>
    </article>
  );
}
