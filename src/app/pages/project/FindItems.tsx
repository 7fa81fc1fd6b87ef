import { useId } from 'react';
import type { ArtifactQuery } from './findArtifacts';
import { Icon } from '../../../ui/Icon';

interface FindItemsProps {
  query: ArtifactQuery;
  onChange(query: ArtifactQuery): void;
  tools: readonly { toolId: string; title: string; count: number }[];
  found: number;
  total: number;
}

/** The project page's search over saved items and filter by tool; the count is announced as it changes. */
export function FindItems({ query, onChange, tools, found, total }: FindItemsProps) {
  const id = useId();
  const filtering = query.text.trim() !== '' || query.toolId !== '';
  return (
    <div className="find-items" role="search" aria-label="Saved items">
      <label htmlFor={`${id}-text`}>
        <Icon name="search" /> Search saved items
      </label>
      <input id={`${id}-text`} type="search" value={query.text} maxLength={200} onChange={(e) => onChange({ ...query, text: e.target.value })} />
      <label htmlFor={`${id}-tool`}>Tool</label>
      <select id={`${id}-tool`} value={query.toolId} onChange={(e) => onChange({ ...query, toolId: e.target.value })}>
        <option value="">All tools ({total})</option>
        {tools.map((tool) => (
          <option key={tool.toolId} value={tool.toolId}>
            {tool.title} ({tool.count})
          </option>
        ))}
      </select>
      <p className="find-items-count" role="status">
        {filtering ? `${found} of ${total} ${total === 1 ? 'item' : 'items'} shown` : ''}
      </p>
    </div>
  );
}
