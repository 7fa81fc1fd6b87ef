/*
 * A structured tool result as a readable list: objects as term and value,
 * lists as numbered items, every value as plain text (never HTML). Bounded:
 * model output is untrusted, so a deep or huge answer is cut, not drawn whole.
 */

const MAX_DEPTH = 6;
const MAX_ITEMS = 200;

/** "keyPoints" or "key_points" as "Key points". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function ReadableData({ data, depth = 0 }: { data: unknown; depth?: number }) {
  if (data === null || data === undefined) return null;
  if (typeof data === 'string' || typeof data === 'number') return <span className="class-data-text">{String(data)}</span>;
  if (typeof data === 'boolean') return <span>{data ? 'Yes' : 'No'}</span>;
  if (depth >= MAX_DEPTH || typeof data !== 'object') return <span>…</span>;
  if (Array.isArray(data)) {
    const shown = data.slice(0, MAX_ITEMS);
    return (
      <ol className="class-data-list">
        {shown.map((item, index) => (
          <li key={index}>
            <ReadableData data={item} depth={depth + 1} />
          </li>
        ))}
        {data.length > shown.length && <li>… and {data.length - shown.length} more</li>}
      </ol>
    );
  }
  const entries = Object.entries(data as Record<string, unknown>).slice(0, MAX_ITEMS);
  return (
    <dl className="class-data-fields">
      {entries.map(([key, value]) => (
        <div key={key} className="class-data-field">
          <dt>{labelOf(key)}</dt>
          <dd>
            <ReadableData data={value} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
