import { useId, useState } from 'react';
import { addTeacherBody, type ClassDetail } from '../../../kernel/classes/wire';
import { ErrorBox } from '../../../ui/ErrorBox';
import { classApi } from '../classApi';
import { describedByError, FieldErrorLine } from './formMessages';
import { messageOf } from './useViewer';

/** The class's teachers, and adding a co-teacher by their school address. */
export function TeachersPanel({ detail, onChange }: { detail: ClassDetail; onChange: (detail: ClassDetail) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const parsed = addTeacherBody.safeParse({ email: email.trim() });
    if (!parsed.success) return setInvalid('Enter an email address, like name@school.org.');
    setInvalid(undefined);
    try {
      onChange(await classApi.addTeacher(detail.id, parsed.data.email));
      setEmail('');
    } catch (error) {
      setProblem(messageOf(error));
    }
  }

  return (
    <section className="card class-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Teachers</h2>
      <ul className="class-teachers">
        {detail.teachers.map((teacher) => (
          <li key={teacher.userId}>{teacher.name}</li>
        ))}
      </ul>
      {problem && <ErrorBox message={problem} />}
      <form className="inline-form" noValidate onSubmit={(event) => void add(event)}>
        <div className="field grow">
          <label htmlFor={`${id}-email`}>Add a co-teacher by email</label>
          <input id={`${id}-email`} type="email" autoComplete="off" maxLength={320} value={email} disabled={detail.archived} onChange={(event) => setEmail(event.target.value)} {...describedByError(`${id}-email`, invalid)} />
        </div>
        <button type="submit" className="button" disabled={detail.archived}>Add teacher</button>
      </form>
      <FieldErrorLine id={`${id}-email`} message={invalid} />
    </section>
  );
}
