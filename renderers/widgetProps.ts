import type { ReactNode } from 'react';
import type { ToolForm } from '../src/kernel/toolForm';
import type { Field, FormValues } from '../src/kernel/fields';

/**
 * What a field widget (renderers/index.ts names them by key) is given. Here,
 * not in the engine, because it carries React nodes; the keys a registry
 * field may name stay in src/kernel/widgets.ts.
 */
export interface FieldWidgetProps {
  /** The tool's form (what its page paints before the declaration loads). */
  tool: ToolForm;
  field: Field;
  value: FormValues[string] | undefined;
  /** Another field's current value. */
  valueOf(name: string): FormValues[string] | undefined;
  /** Sets a form value as if the user had typed it. */
  setValue(name: string, value: string | number | boolean): void;
  /** Submits the form, for widgets that end in an automatic Generate. */
  submit(): void;
  /** True while the tool's request is in flight. */
  busy: boolean;
  /** The field's ordinary control, which the widget shows alongside its own. */
  children: ReactNode;
}
