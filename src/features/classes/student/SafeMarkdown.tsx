import { MarkdownView } from '../../../../renderers/markdown/MarkdownView';

/** A model's markdown as the tool pages show it: through the one sanitised markdown view (model output is untrusted). */
export function SafeMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `class-markdown ${className}` : 'class-markdown'}>
      <MarkdownView text={text} />
    </div>
  );
}
