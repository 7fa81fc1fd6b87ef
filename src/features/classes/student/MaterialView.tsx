import { AiLabel } from './AiLabel';
import { ReadableData } from './ReadableData';
import { SafeMarkdown } from './SafeMarkdown';

/** Material a model made for the class, labelled as AI's: markdown through the safe HTML path, anything structured as a readable list. */
export function MaterialView({ content }: { content: unknown }) {
  const record = content && typeof content === 'object' && !Array.isArray(content) ? (content as Record<string, unknown>) : null;
  const text = typeof content === 'string' ? content : record?.kind === 'text' && typeof record.text === 'string' ? record.text : null;
  const data = record?.kind === 'json' && 'data' in record ? record.data : content;
  return (
    <div className="class-material">
      <AiLabel />
      {text !== null ? <SafeMarkdown text={text} /> : <ReadableData data={data} />}
    </div>
  );
}
