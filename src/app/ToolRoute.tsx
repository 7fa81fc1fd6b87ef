import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { findTool } from '../kernel/catalogue';
import { FavouriteStar, useRecentTools } from '../features/favourites';
import { ToolLoading } from '../ui/ToolLoading';
import { Icon } from '../ui/Icon';
import { NotFound } from './pages/NotFound';
import { screens } from './routeModules';

const ToolPage = screens.tool.Component;

/**
 * A tool's page, as the app composes it: the catalogue's heading, the
 * favourites' star, the visit recorded, then the runner's route module. Its
 * heading and description come from the catalogue, which the first load
 * already holds, so they appear at once; the form engine and the tool's
 * declaration follow with the route.
 */
export function ToolRoute({ toolId }: { toolId: string }) {
  const meta = findTool(toolId);
  // Opened cold, the page paints its heading first and fetches the form engine a frame later, so the
  // network is free for what is on screen; opened from a link, the engine is usually preloaded already.
  const [painted, setPainted] = useState(screens.tool.isLoaded);
  // Recorded with the heading, before it paints, rather than with the form engine: a page on screen is a visit counted.
  useLayoutEffect(() => {
    if (meta) useRecentTools.getState().recordVisit(meta.id);
  }, [meta]);
  useEffect(() => {
    if (painted) return;
    const frame = requestAnimationFrame(() => setPainted(true));
    return () => cancelAnimationFrame(frame);
  }, [painted]);
  if (!meta) return <NotFound />;
  return (
    <article className="tool-page">
      <header className="tool-intro">
        <div className="tool-title-row">
          <h1 className="page-title" tabIndex={-1}>
            <Icon name={meta.icon} className="page-title-icon" />
            {meta.title}
          </h1>
          <FavouriteStar tool={meta} />
        </div>
        <p className="lede">{meta.description}</p>
      </header>
      {painted ? (
        <Suspense fallback={<ToolLoading />}>
          <ToolPage meta={meta} />
        </Suspense>
      ) : (
        <ToolLoading />
      )}
    </article>
  );
}
