import { markdownToSafeHtml } from '../../../kernel/safeHtml';

/** A model's markdown as HTML, always through the kernel's sanitiser (model output is untrusted). */
export function SafeMarkdown({ text, className }: { text: string; className?: string }) {
  return <div className={className ? `class-markdown ${className}` : 'class-markdown'} dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(text) }} />;
}
