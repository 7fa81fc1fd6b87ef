import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { CLASS_LIMITS, createClassBody, type ClassDetail } from '../../../kernel/classes/wire';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Icon } from '../../../ui/Icon';
import { classApi } from '../classApi';
import { describedByError, FieldErrorLine, fieldMessage } from './formMessages';
import { messageOf } from './useViewer';

type NewClassValues = z.input<typeof createClassBody>;

/**
 * "New class": name (required), grade, subject and whether students may join
 * with the code and a first name only. The server's refusal shows above the
 * form, which keeps what was typed; a made class opens at once (its code is there).
 */
export function NewClassForm({ onCreated }: { onCreated?: (made: ClassDetail) => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<NewClassValues, unknown, z.output<typeof createClassBody>>({
    resolver: zodResolver(createClassBody),
    defaultValues: { name: '', grade: '', subject: '', allowNameJoin: false },
  });
  const { errors, isSubmitting } = form.formState;
  const nameError = fieldMessage('Name', errors.name);

  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const made = await classApi.createClass(body);
      onCreated?.(made);
      navigate(`/classes/${encodeURIComponent(made.id)}`);
    } catch (error) {
      setProblem(messageOf(error));
    }
  });

  return (
    <section className="card class-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">New class</h2>
      {problem && <ErrorBox message={problem} />}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={`${id}-name`}>
            Name <span className="required-mark" aria-hidden="true">*</span>
          </label>
          <input id={`${id}-name`} type="text" maxLength={CLASS_LIMITS.nameChars} aria-required="true" {...describedByError(`${id}-name`, nameError)} {...form.register('name')} />
          <FieldErrorLine id={`${id}-name`} message={nameError} />
        </div>
        <div className="class-form-row">
          <div className="field">
            <label htmlFor={`${id}-grade`}>Grade</label>
            <input id={`${id}-grade`} type="text" maxLength={CLASS_LIMITS.gradeChars} {...form.register('grade')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-subject`}>Subject</label>
            <input id={`${id}-subject`} type="text" maxLength={CLASS_LIMITS.subjectChars} {...form.register('subject')} />
          </div>
        </div>
        <div className="field field-check">
          <input id={`${id}-name-join`} type="checkbox" {...form.register('allowNameJoin')} />
          <label htmlFor={`${id}-name-join`}>Let students join with the code and their first name only (no account)</label>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            <Icon name="add" />
            <span>Create class</span>
          </button>
        </div>
      </form>
    </section>
  );
}
