declare module 'virtual:studyforge/search-index' {
  import type { ToolSearchTerms } from '../../kernel/defineTool';

  /** Each tool's subjects and keywords by tool id (tools that declare none are left out); imported only when someone starts searching. */
  export const searchTerms: Readonly<Record<string, ToolSearchTerms>>;
}
