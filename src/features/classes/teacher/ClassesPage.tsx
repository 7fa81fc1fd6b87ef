import { useId } from 'react';
import type { ClassSummary, MyClasses } from '../../../kernel/classes/wire';
import { ErrorBox } from '../../../ui/ErrorBox';
import { hrefTo } from '../../../ui/routes';
import { Spinner } from '../../../ui/Spinner';
import { classApi, type ClassViewer } from '../classApi';
import { JoinCodeBox } from '../student/JoinCodeBox';
import { classPathOf } from '../student/navigation';
import { NewClassForm } from './NewClassForm';
import { useLoaded } from './useLoaded';
import { ViewerGate } from './ViewerGate';
import '../classes.css';


function studentCount(count: number | undefined): string | null {
  if (count === undefined) return null;
  return count === 1 ? '1 student' : `${count} students`;
}

function ClassList({ classes, title }: { classes: ClassSummary[]; title: string }) {
  const id = useId();
  if (classes.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-title">{title}</h2>
      <ul className="class-list">
        {classes.map((entry) => (
          <li key={entry.id} className="card class-list-item">
            <a href={hrefTo(classPathOf(entry.id))} className="class-list-name">{entry.name}</a>
            <p className="hint">{[entry.grade, entry.subject, studentCount(entry.studentCount)].filter(Boolean).join(' · ')}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A student's "Join a class": the code leads to its join page, which asks the gateway. */
function JoinClass() {
  const id = useId();
  return (
    <section className="card class-form" aria-labelledby={id}>
      <h2 id={id} className="section-title">Join a class</h2>
      <JoinCodeBox action="Join" />
    </section>
  );
}

function MyClassLists({ user }: { user: ClassViewer['user'] }) {
  const { state, set } = useLoaded<MyClasses>(classApi.myClasses, user.id);
  const teacher = user.role === 'teacher';
  if (state.kind === 'loading') {
    return (
      <p role="status" className="classes-loading">
        <Spinner />
        <span>Loading your classes…</span>
      </p>
    );
  }
  if (state.kind === 'failed') return <ErrorBox message={state.message} />;
  const { teaching, member } = state.value;
  const current = teaching.filter((entry) => !entry.archived);
  const archived = teaching.filter((entry) => entry.archived);
  const none = teaching.length === 0 && member.length === 0;
  return (
    <>
      {none && <p className="empty-state">{teacher ? 'You have no classes yet. Make one below.' : 'You are not in a class yet. Join one with the code your teacher gives you.'}</p>}
      <ClassList classes={current} title="Classes you teach" />
      <ClassList classes={member} title="Your classes" />
      {teacher && <NewClassForm onCreated={(made) => set({ teaching: [...teaching, made], member })} />}
      {!teacher && <JoinClass />}
      <ClassList classes={archived} title="Archived classes" />
    </>
  );
}

/** #/classes: a teacher's classes and "New class"; a student's classes and "Join a class". */
export function ClassesPage() {
  return (
    <article className="page narrow classes-page">
      <h1 className="page-title" tabIndex={-1}>Classes</h1>
      <ViewerGate>{(user) => <MyClassLists user={user} />}</ViewerGate>
    </article>
  );
}
