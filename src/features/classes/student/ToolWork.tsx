import { useEffect, useId, useRef, useState } from 'react';
import { CLASS_MESSAGES, type AssignmentForStudent, type PresetValue, type RunToolReply } from '../../../kernel/classes/wire';
import { loadToolForm } from '../../../kernel/catalogue';
import { defaultValueOf, type Field } from '../../../kernel/fields';
import type { ToolForm } from '../../../kernel/toolForm';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Spinner } from '../../../ui/Spinner';
import { classApi } from '../classApi';
import { AiLabel } from './AiLabel';
import { ReadableData } from './ReadableData';
import { SafeMarkdown } from './SafeMarkdown';
import { ToolFieldInput, type InputValue } from './ToolFieldInput';

/*
 * Any other assigned tool: its form, with the teacher's presets filled in
 * (a locked one read-only; a hidden one never reaches the page), run by the
 * gateway with the assignment's instructions, the answer labelled as AI's.
 */

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A preset as a form value: a list of choices reads as one line. */
function formValueOf(preset: PresetValue): InputValue {
  return Array.isArray(preset) ? preset.join(', ') : preset;
}

/** The form's first values: each field's default, then what the teacher set. */
export function startingValues(fields: readonly Field[], presets: AssignmentForStudent['presets']): Record<string, InputValue> {
  return Object.fromEntries(
    fields.map((field) => {
      const preset = presets[field.name];
      return [field.name, preset ? formValueOf(preset.value) : defaultValueOf(field)];
    }),
  );
}

/** The value as the gateway takes it: a number field's text as a number (a blank stays blank, for the gateway to judge). */
function sentValue(field: Field, value: InputValue): InputValue {
  if (field.kind === 'number' && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

export function ToolWork({ assignment }: { assignment: AssignmentForStudent }) {
  const [form, setForm] = useState<ToolForm | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    loadToolForm(assignment.toolId).then(
      (loaded) => current && setForm(loaded),
      () => current && setLoadProblem('This tool could not be loaded. Check your connection and reload the page.'),
    );
    return () => {
      current = false;
    };
  }, [assignment.toolId]);

  if (loadProblem) return <ErrorBox message={loadProblem} />;
  if (!form) {
    return (
      <p className="loading-card" role="status">
        <Spinner /> Loading the tool…
      </p>
    );
  }
  // A deck is made for the class ahead (the gateway never runs a flashcards tool for a student): none yet means the teacher has not approved it.
  if (form.renderer === 'flashcards') return <p className="class-waiting">{CLASS_MESSAGES.awaitingApproval}</p>;
  return <ToolFormAndResult assignment={assignment} form={form} />;
}

function ToolFormAndResult({ assignment, form }: { assignment: AssignmentForStudent; form: ToolForm }) {
  const idPrefix = useId();
  // A field the teacher filled in and keeps from view is not the student's to fill: the gateway puts its value in.
  const hidden = new Set(assignment.hiddenFields ?? []);
  const fields = form.fields.filter((field) => !hidden.has(field.name));
  const [values, setValues] = useState(() => startingValues(form.fields, assignment.presets));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reply, setReply] = useState<RunToolReply | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (reply) resultRef.current?.focus();
  }, [reply]);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const missing = Object.fromEntries(
      fields
        .filter((field) => field.required && !assignment.presets[field.name]?.locked && String(values[field.name] ?? '').trim() === '')
        .map((field) => [field.name, `Fill in ${field.label}.`]),
    );
    setProblems(missing);
    const first = Object.keys(missing)[0];
    if (first) {
      document.getElementById(`${idPrefix}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const inputs = Object.fromEntries(fields.map((field) => [field.name, sentValue(field, values[field.name] ?? defaultValueOf(field))]));
      setReply(await classApi.run(assignment.classId, assignment.id, { inputs }));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="card class-tool-form" onSubmit={onSubmit} noValidate aria-label="Your work">
        {fields.map((field) => (
          <ToolFieldInput
            key={field.name}
            field={field}
            value={values[field.name] ?? defaultValueOf(field)}
            locked={assignment.presets[field.name]?.locked === true}
            problem={problems[field.name]}
            idPrefix={idPrefix}
            onChange={(value) => setValues((before) => ({ ...before, [field.name]: value }))}
          />
        ))}
        {failure && <ErrorBox message={failure} />}
        <div className="form-actions">
          <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
            {busy ? 'Running…' : 'Run'}
          </button>
          {busy && <Spinner />}
        </div>
      </form>
      {reply && (
        <section className="card class-result" aria-labelledby={`${idPrefix}-result`}>
          <h2 id={`${idPrefix}-result`} tabIndex={-1} ref={resultRef}>
            Result
          </h2>
          <AiLabel />
          {reply.result.kind === 'text' ? <SafeMarkdown text={reply.result.text} /> : <ReadableData data={reply.result.data} />}
        </section>
      )}
    </>
  );
}
