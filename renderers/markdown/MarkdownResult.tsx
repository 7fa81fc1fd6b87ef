import { useMemo } from 'react';
import { markdownToSafeHtml } from '../../src/engine/safeHtml';
import type { ResultRendererProps } from '../../src/engine/rendererProps';

/** Markdown shown as sanitised HTML; also what the streaming preview shows of a partial answer. */
export function MarkdownView({ text }: { text: string }) {
  // Sanitised by DOMPurify inside markdownToSafeHtml: the only way model text reaches innerHTML.
  const html = useMemo(() => markdownToSafeHtml(text), [text]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

export default function MarkdownResult({ result }: ResultRendererProps) {
  return <MarkdownView text={result.kind === 'text' ? result.text : JSON.stringify(result.data, null, 2)} />;
}
