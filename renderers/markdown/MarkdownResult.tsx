import { useMemo } from 'react';
import { containsMath } from '../../src/engine/math/delimiters';
import { markdownToSafeHtml } from '../../src/engine/safeHtml';
import { useMathRenderer } from '../shared/math';
import { defineRenderer } from '../shared/defineRenderer';
import { markdownContract } from './contract';

/** Markdown shown as sanitised HTML; also what the streaming preview shows of a partial answer. */
export function MarkdownView({ text }: { text: string }) {
  const math = useMathRenderer(useMemo(() => containsMath(text), [text]));
  // Sanitised by DOMPurify inside markdownToSafeHtml: the only way model text reaches innerHTML.
  const html = useMemo(() => markdownToSafeHtml(text, math), [text, math]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

export default defineRenderer(markdownContract, function MarkdownResult({ data }) {
  return <MarkdownView text={data} />;
});
