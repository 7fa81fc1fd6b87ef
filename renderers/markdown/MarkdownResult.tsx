import { useMemo } from 'react';
import { markdownToSafeHtml } from '../../src/engine/safeHtml';
import { defineRenderer } from '../shared/defineRenderer';
import { markdownContract } from './contract';

/** Markdown shown as sanitised HTML; also what the streaming preview shows of a partial answer. */
export function MarkdownView({ text }: { text: string }) {
  // Sanitised by DOMPurify inside markdownToSafeHtml: the only way model text reaches innerHTML.
  const html = useMemo(() => markdownToSafeHtml(text), [text]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

export default defineRenderer(markdownContract, function MarkdownResult({ data }) {
  return <MarkdownView text={data} />;
});
