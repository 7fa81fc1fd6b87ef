import { defineRenderer } from '../shared/defineRenderer';
import { markdownContract } from './contract';
import { MarkdownView } from './MarkdownView';

// The view is its own file: the structured fallback, tabs and previews load it without the contract wrapper
// (and defineRenderer's fallback reaches it without importing this file, which imports defineRenderer).
export default defineRenderer(markdownContract, function MarkdownResult({ data }) {
  return <MarkdownView text={data} />;
});
