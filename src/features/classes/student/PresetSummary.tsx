import { useEffect, useState } from 'react';
import type { AssignmentForStudent } from '../../../kernel/classes/wire';
import { loadToolForm } from '../../../kernel/catalogue';
import type { Field } from '../../../kernel/fields';
import { labelOf } from './ReadableData';

/**
 * What the teacher set for work made ahead (a quiz's topic, a deck's notes),
 * by the tool's own labels: the student sees what the questions are about.
 * Hidden presets never reach the page.
 */
export function PresetSummary({ assignment }: { assignment: AssignmentForStudent }) {
  const [fields, setFields] = useState<readonly Field[]>([]);
  useEffect(() => {
    let current = true;
    loadToolForm(assignment.toolId).then(
      (form) => current && setFields(form.fields),
      // Without the tool's labels, the names the presets are kept under stand in.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [assignment.toolId]);

  const shown = Object.entries(assignment.presets);
  if (shown.length === 0) return null;
  const labelFor = (name: string) => fields.find((field) => field.name === name)?.label ?? labelOf(name);
  return (
    <dl className="class-facts class-presets" aria-label="Set by your teacher">
      {shown.map(([name, preset]) => (
        <div key={name}>
          <dt>{labelFor(name)}</dt>
          <dd>{Array.isArray(preset.value) ? preset.value.join(', ') : typeof preset.value === 'boolean' ? (preset.value ? 'Yes' : 'No') : String(preset.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
