import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { ToolDeclaration } from '../../kernel/defineTool';
import type { FormValues } from '../../kernel/fields';
import { formSchema } from '../../kernel/formSchema';

/*
 * The form's validation: zod, the resolver and the schema built from the
 * fields. A chunk of its own, loaded on the first validation (or as the
 * person starts on the form), so a tool's form paints without zod.
 */
export function toolFormResolver(tool: Pick<ToolDeclaration, 'fields' | 'rules'>): Resolver<FormValues> {
  return zodResolver(formSchema(tool.fields, tool.rules)) as unknown as Resolver<FormValues>;
}
