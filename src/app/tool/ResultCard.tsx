import { Suspense, useCallback, useMemo } from 'react';
import { flushSync } from 'react-dom';
import { rendererKeyFor, rendererMap } from '../../../renderers';
import type { ToolDeclaration } from '../../engine/defineTool';
import { resultAsText } from '../../engine/resultText';
import type { FormValues } from '../../engine/fields';
import { DEFAULT_OUTPUT } from '../../engine/refine/outputOptions';
import { contractSchemaOf, runFollowUp, type ToolResult } from '../../engine/runTool';
import { useProjects } from '../../state/projects';
import { useToolSessions, type ToolSession } from '../../state/toolSessions';
import { useBackend } from '../../state/backendHooks';
import { CopyButton } from '../ui/CopyButton';
import { Spinner } from '../../ui/Spinner';
import { SaveButton } from './SaveButton';
import { useRefineModule } from './refine/loadRefine';

interface ResultCardProps {
  tool: ToolDeclaration;
  session: ToolSession;
  result: ToolResult;
  resultId: string;
  values: FormValues;
  /** Called once the result is cleared (a renderer's "start again"): focus goes back to the form. */
  afterReset?(): void;
}

export function ResultCard({ tool, session, result, resultId, values, afterReset }: ResultCardProps) {
  const backend = useBackend();
  const refine = useRefineModule();
  const version = session.versions[session.shown];
  const output = version?.output ?? DEFAULT_OUTPUT;
  const followUp = useCallback(
    (key: string, context: Record<string, string>, signal?: AbortSignal) => runFollowUp(tool, key, context, backend, { signal, output }),
    [tool, backend, output],
  );
  const reset = useCallback(() => {
    // The result (and the button that asked for this) goes at once, so focus is not left on nothing.
    flushSync(() => useToolSessions.getState().clearResult(tool.id));
    afterReset?.();
  }, [tool.id, afterReset]);
  const activeProject = useProjects((s) => s.projects.find((p) => p.id === s.activeProjectId));
  const schema = useMemo(() => (tool.result === 'markdown' ? undefined : contractSchemaOf(tool.result)), [tool]);
  const Renderer = rendererMap[rendererKeyFor(tool)];
  const data = result.kind === 'text' ? result.text : result.data;
  const busy = session.status !== 'idle';
  // A registry file may turn refining off (`refine: false`); checked here without loading the refine code.
  const canRefine = tool.refine !== false && version !== undefined;

  return (
    <section className="card result-card" aria-labelledby="result-heading">
      <header className="result-card-header">
        <h2 id="result-heading">Result</h2>
        <div className="result-actions">
          <CopyButton text={resultAsText(result, schema)} />
          {activeProject && (
            <SaveButton
              projectId={activeProject.id}
              toolId={tool.id}
              toolTitle={tool.title}
              data={data}
              refinements={version?.chain.map((change) => change.label)}
            />
          )}
        </div>
      </header>
      {!activeProject && (
        <p className="hint">To keep this result, choose an active project at the top of the page, then save it.</p>
      )}
      {canRefine && refine && <refine.VersionBar toolId={tool.id} versions={session.versions} shown={session.shown} busy={busy} />}
      <Suspense fallback={<Spinner />}>
        <Renderer
          tool={tool}
          result={result}
          resultId={resultId}
          schema={schema}
          values={values}
          language={output.language}
          runFollowUp={followUp}
          reset={reset}
        />
      </Suspense>
      {canRefine && refine && <refine.RefineBar tool={tool} session={session} backend={backend} />}
    </section>
  );
}
