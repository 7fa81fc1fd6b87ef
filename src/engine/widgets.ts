import type { ReactNode } from 'react';
import type { ToolDeclaration } from './defineTool';
import type { Field, FormValues } from './fields';

/**
 * Field widgets a registry field may name with `widget`: a richer way to fill
 * a field (recording audio into a transcript, say). The widget map in
 * renderers/ adds its keys by declaration merging, as renderers do.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface WidgetKeys {}

export type WidgetKey = keyof WidgetKeys;

export interface FieldWidgetProps {
  tool: ToolDeclaration;
  field: Field;
  value: FormValues[string] | undefined;
  /** Sets a form value as if the user had typed it. */
  setValue(name: string, value: string | number | boolean): void;
  /** Submits the form, for widgets that end in an automatic Generate. */
  submit(): void;
  /** True while the tool's request is in flight. */
  busy: boolean;
  /** The field's ordinary control, which the widget shows alongside its own. */
  children: ReactNode;
}
