import { useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AI_USE_LEVELS } from '../../../kernel/classes/aiUse';
import { CLASS_LIMITS, type AssignmentForTeacher } from '../../../kernel/classes/wire';
import type { Field } from '../../../kernel/fields';
import { ErrorBox } from '../../../ui/ErrorBox';
import { classApi } from '../classApi';
import { assignmentResolver, emptyAssignment, presetsToSend, toBody, toolsForLevel, type AssignmentFormValues, type PresetState } from './assignmentBody';
import { describedByError, FieldErrorLine } from './formMessages';
import { GroupFields } from './GroupFields';
import { PresetFields } from './PresetFields';
import { messageOf } from './useViewer';

interface NewAssignmentFormProps {
  classId: string;
  onCreated: (assignment: AssignmentForTeacher) => void;
  onCancel: () => void;
}

/**
 * "New assignment": the AI-use level first (it decides which tools are
 * offered), the tool and its preset inputs, what students read, what only
 * the AI reads, when it opens and is due, groups, and approval. A refusal
 * from the server shows its sentence above the form and keeps every value.
 */
export function NewAssignmentForm({ classId, onCreated, onCancel }: NewAssignmentFormProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [presets, setPresets] = useState<Record<string, PresetState>>({});
  const fieldsRef = useRef<readonly Field[]>([]);
  const presetsRef = useRef(presets);
  presetsRef.current = presets;
  const problemRef = useRef<HTMLDivElement>(null);

  const resolver = useMemo(() => assignmentResolver(() => presetsToSend(fieldsRef.current, presetsRef.current)), []);
  const form = useForm<AssignmentFormValues>({ defaultValues: emptyAssignment, resolver });
  const { errors, isSubmitting } = form.formState;
  const level = useWatch({ control: form.control, name: 'aiLevel' });
  const toolId = useWatch({ control: form.control, name: 'toolId' });
  const offered = toolsForLevel(level);
  const err = (name: 'toolId' | 'title' | 'note' | 'instructions' | 'opensAt' | 'dueAt') => errors[name]?.message;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      onCreated(await classApi.createAssignment(classId, toBody(values, presetsToSend(fieldsRef.current, presets))));
    } catch (error) {
      setProblem(messageOf(error));
      // The sentence is where the person looks next: above the form they just sent.
      requestAnimationFrame(() => problemRef.current?.focus());
    }
  });

  return (
    <form className="class-form assignment-form" aria-labelledby={`${id}-heading`} noValidate onSubmit={(event) => void submit(event)}>
      <h3 id={`${id}-heading`} className="section-title">New assignment</h3>
      {problem && <ErrorBox ref={problemRef} message={problem} />}
      <fieldset className="level-choice">
        <legend>AI-use level</legend>
        {AI_USE_LEVELS.map((entry) => (
          <div key={entry.level} className="field-check level-option">
            <input
              id={`${id}-level-${entry.level}`}
              type="radio"
              value={entry.level}
              aria-describedby={`${id}-level-${entry.level}-about`}
              {...form.register('aiLevel', {
                // A tool the new level does not allow is no longer chosen.
                onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                  const next = toolsForLevel(event.target.value as AssignmentFormValues['aiLevel']);
                  if (!next.some((tool) => tool.id === form.getValues('toolId'))) form.setValue('toolId', '');
                },
              })}
            />
            <label htmlFor={`${id}-level-${entry.level}`}>{entry.label}</label>
            <p id={`${id}-level-${entry.level}-about`} className="field-help">{entry.description}</p>
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-tool`}>Tool</label>
        <select id={`${id}-tool`} {...describedByError(`${id}-tool`, err('toolId'))} {...form.register('toolId')}>
          <option value="">Choose a tool…</option>
          {offered.map((tool) => (
            <option key={tool.id} value={tool.id}>{tool.title}</option>
          ))}
        </select>
        <FieldErrorLine id={`${id}-tool`} message={err('toolId')} />
      </div>
      {toolId !== '' && <PresetFields toolId={toolId} presets={presets} onPresets={setPresets} onFields={(fields) => (fieldsRef.current = fields)} />}
      <div className="field">
        <label htmlFor={`${id}-title`}>
          Title <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <input id={`${id}-title`} type="text" aria-required="true" maxLength={CLASS_LIMITS.titleChars} {...describedByError(`${id}-title`, err('title'))} {...form.register('title')} />
        <FieldErrorLine id={`${id}-title`} message={err('title')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>Note for students</label>
        <textarea id={`${id}-note`} rows={3} maxLength={CLASS_LIMITS.noteChars} {...describedByError(`${id}-note`, err('note'))} {...form.register('note')} />
        <FieldErrorLine id={`${id}-note`} message={err('note')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-instructions`}>Instructions for the AI (students do not see these)</label>
        <textarea
          id={`${id}-instructions`}
          rows={3}
          maxLength={CLASS_LIMITS.instructionsChars}
          placeholder="e.g. Never give the final answer; ask a guiding question."
          {...describedByError(`${id}-instructions`, err('instructions'))}
          {...form.register('instructions')}
        />
        <FieldErrorLine id={`${id}-instructions`} message={err('instructions')} />
      </div>
      <div className="class-form-row">
        <div className="field">
          <label htmlFor={`${id}-opens`}>Opens</label>
          <input id={`${id}-opens`} type="datetime-local" aria-describedby={`${id}-opens-help`} {...form.register('opensAt')} />
          <p id={`${id}-opens-help`} className="field-help">Blank: opens now.</p>
          <FieldErrorLine id={`${id}-opens`} message={err('opensAt')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-due`}>Due</label>
          <input id={`${id}-due`} type="datetime-local" {...describedByError(`${id}-due`, err('dueAt'))} {...form.register('dueAt')} />
          <FieldErrorLine id={`${id}-due`} message={err('dueAt')} />
        </div>
      </div>
      <GroupFields control={form.control} register={form.register} errors={errors.groups} />
      <div className="field field-check">
        <input id={`${id}-approval`} type="checkbox" {...form.register('needsApproval')} />
        <label htmlFor={`${id}-approval`}>I approve the material before students see it</label>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Assigning…' : 'Assign'}
        </button>
        <button type="button" className="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
