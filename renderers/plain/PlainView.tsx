import type { ContractSchema } from '../../src/kernel/contractSchema';
import { MarkdownView } from '../markdown/MarkdownView';
import { StructuredView } from '../structured/StructuredView';

/**
 * A result laid out without its tool's screen: text as sanitised markdown,
 * anything else by its shape (and its schema, when one is known). The project
 * page shows saved items this way when their tool is gone or they no longer
 * fit it, so an item is never a blank box or raw JSON.
 */
export default function PlainView({ data, schema }: { data: unknown; schema?: ContractSchema }) {
  return typeof data === 'string' ? <MarkdownView text={data} /> : <StructuredView data={data} schema={schema} />;
}
