import { useEffect, useState } from 'react';
import { loadTool } from '../../engine/catalogue';
import type { ToolDeclaration, ToolMeta } from '../../engine/defineTool';
import { hasStoredSession, loadSessionCode, useToolSessions } from '../../state/toolSessions';
import { messages } from '../../engine/messages';
import { ErrorBox } from '../../ui/ErrorBox';
import { ToolLoading } from './ToolLoading';
import { ToolRunner } from './ToolRunner';
import { preloadWidgets } from '../../../renderers';

/**
 * Loads a tool's declaration with its route, then hands it to the generic
 * runner. The page's heading is already on screen (ToolRoute), from the
 * catalogue in the first load; the route looked the tool up once and hands
 * its metadata down.
 */
export function ToolPage({ meta }: { meta: ToolMeta }) {
  const [tool, setTool] = useState<ToolDeclaration | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setFailed(false);
    // The widgets come with the declaration: a form whose control changed under the typist would lose their typing.
    loadTool(meta.id)
      .then(async (declaration) => {
        // A stored session is read back (and its results checked) by code a first visit does without.
        await Promise.all([preloadWidgets(declaration), hasStoredSession(declaration.id) ? loadSessionCode() : undefined]);
        return declaration;
      })
      .then(
      (declaration) => {
        if (!current) return;
        useToolSessions.getState().open(declaration);
        setTool(declaration);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [meta, attempt]);

  if (tool?.id === meta.id) return <ToolRunner key={tool.id} tool={tool} />;

  return (
    <>
      {failed ? (
        <ErrorBox message={messages.toolNotLoaded}>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>Try again</button>
        </ErrorBox>
      ) : (
        <ToolLoading />
      )}
    </>
  );
}
