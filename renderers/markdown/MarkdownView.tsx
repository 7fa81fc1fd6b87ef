import '../shared/tables.css';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { containsMath } from '../../src/features/math';
import { markdownToSafeHtml } from '../../src/kernel/safeHtml';
import { useMathRenderer } from '../shared/math';
import { makeTablesReadable } from '../shared/readableTables';
import { setBlockDirections } from '../shared/blockDirections';

/** Markdown shown as sanitised HTML; also what the streaming preview shows of a partial answer. */
export function MarkdownView({ text }: { text: string }) {
  const math = useMathRenderer(useMemo(() => containsMath(text), [text]));
  // Sanitised by DOMPurify inside markdownToSafeHtml: the only way model text reaches innerHTML.
  const html = useMemo(() => markdownToSafeHtml(text, math), [text, math]);
  const ref = useRef<HTMLDivElement>(null);
  // Each time React writes new HTML, before it is painted: the tables' cell labels and roles, and which way each block reads (added after sanitising, never by it).
  useLayoutEffect(() => {
    if (!ref.current) return;
    makeTablesReadable(ref.current);
    setBlockDirections(ref.current);
  }, [html]);
  return <div ref={ref} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
