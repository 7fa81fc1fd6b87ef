import { useMemo } from 'react';
import { partialJson } from '../../src/kernel/partialAnswer';
import type { PreviewBodyProps } from '../../src/kernel/rendererProps';
import { StructuredView } from '../structured/StructuredView';

/** What the partial JSON holds so far, laid out by the generic structured renderer. */
export default function StructuredPreview({ text, schema }: PreviewBodyProps) {
  const data = useMemo(() => partialJson(text), [text]);
  if (data === undefined) return null;
  return <StructuredView data={data} schema={schema} />;
}
