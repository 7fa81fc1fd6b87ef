import { Link } from 'wouter';
import type { ToolMeta } from '../../kernel/defineTool';
import { Icon } from '../../ui/Icon';
import { FavouriteStar } from '../../features/favourites';

/** Spec 2: a tool card shows icon, title and description and links to the tool; its star sits beside the link, not in it. */
export function ToolCard({ tool }: { tool: ToolMeta }) {
  return (
    <li className="tool-card">
      <Link href={`/${tool.id}`} className="tool-card-link">
        <Icon name={tool.icon} className="tool-card-icon" />
        <span className="tool-card-text">
          <span className="tool-card-title">{tool.title}</span>
          <span className="tool-card-description">{tool.description}</span>
        </span>
      </Link>
      <FavouriteStar tool={tool} className="tool-card-star" />
    </li>
  );
}
