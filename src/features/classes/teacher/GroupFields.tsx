import { useId } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { CLASS_LIMITS } from '../../../kernel/classes/wire';
import type { AssignmentFormValues } from './assignmentBody';
import { describedByError, FieldErrorLine } from './formMessages';

interface GroupFieldsProps {
  control: Control<AssignmentFormValues>;
  register: UseFormRegister<AssignmentFormValues>;
  errors: FieldErrors<AssignmentFormValues>['groups'];
}

/** Up to six groups, each with its own output language and reading level (one class, three levels). */
export function GroupFields({ control, register, errors }: GroupFieldsProps) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name: 'groups' });
  return (
    <fieldset className="group-fields">
      <legend>Groups</legend>
      <p className="hint">Optional. Students in a group get the material in its language and reading level; set each student’s group in the class list.</p>
      {fields.map((group, index) => {
        const base = `${id}-${index}`;
        const nameError = errors?.[index]?.name?.message;
        return (
          <fieldset key={group.id} className="group-row">
            <legend>Group {index + 1}</legend>
            <div className="field">
              <label htmlFor={`${base}-name`}>Name</label>
              <input id={`${base}-name`} type="text" maxLength={CLASS_LIMITS.groupChars} {...describedByError(`${base}-name`, nameError)} {...register(`groups.${index}.name`)} />
              <FieldErrorLine id={`${base}-name`} message={nameError} />
            </div>
            <div className="field">
              <label htmlFor={`${base}-language`}>Output language</label>
              <input id={`${base}-language`} type="text" maxLength={60} placeholder="e.g. Spanish" {...register(`groups.${index}.language`)} />
            </div>
            <div className="field">
              <label htmlFor={`${base}-level`}>Reading level</label>
              <input id={`${base}-level`} type="text" maxLength={60} placeholder="e.g. Grade 4" {...register(`groups.${index}.readingLevel`)} />
            </div>
            <button type="button" className="button button-quiet" onClick={() => remove(index)}>
              Remove group {index + 1}
            </button>
          </fieldset>
        );
      })}
      {fields.length < CLASS_LIMITS.groupsPerAssignment && (
        <button type="button" className="button" onClick={() => append({ name: '', language: '', readingLevel: '' })}>
          Add a group
        </button>
      )}
    </fieldset>
  );
}
