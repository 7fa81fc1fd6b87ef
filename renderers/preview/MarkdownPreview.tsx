import type { PreviewBodyProps } from '../../src/kernel/rendererProps';
import { MarkdownView } from '../markdown/MarkdownView';

/** The markdown written so far, through the same sanitised path as the result. */
export default function MarkdownPreview({ text }: PreviewBodyProps) {
  return <MarkdownView text={text} />;
}
