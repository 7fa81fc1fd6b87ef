import { useMemo } from 'react';
import { markdownToSafeHtml } from '../../src/engine/safeHtml';
import type { ResultRendererProps } from '../../src/engine/rendererProps';

export default function MarkdownResult({ result }: ResultRendererProps) {
  const text = result.kind === 'text' ? result.text : JSON.stringify(result.data, null, 2);
  // Sanitised by DOMPurify inside markdownToSafeHtml: the only way model text reaches innerHTML.
  const html = useMemo(() => markdownToSafeHtml(text), [text]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
