import type { ToolMeta } from '../../kernel/defineTool';
import { useFavourites } from './favourites';
import { Icon } from '../../ui/Icon';

/**
 * The star that pins a tool: a toggle button, pressed while the
 * tool is a favourite. Its name stays "Favourite: <title>" either way, so a
 * screen reader says the tool and "pressed" or "not pressed".
 */
export function FavouriteStar({
  tool,
  className,
  focusable = true,
}: {
  tool: Pick<ToolMeta, 'id' | 'title'>;
  className?: string;
  /** False keeps it out of the Tab order (a long list of links), where the same toggle is reachable elsewhere. */
  focusable?: boolean;
}) {
  const pinned = useFavourites((s) => s.ids.includes(tool.id));
  return (
    <button
      type="button"
      className={className ? `favourite-star ${className}` : 'favourite-star'}
      aria-pressed={pinned}
      {...(focusable ? {} : { tabIndex: -1 })}
      title={pinned ? 'Unpin from favourites' : 'Pin to favourites'}
      onClick={() => useFavourites.getState().toggle(tool.id)}
    >
      <Icon name={pinned ? 'star' : 'star_border'} />
      <span className="visually-hidden">Favourite: {tool.title}</span>
    </button>
  );
}
