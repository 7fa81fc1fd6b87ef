import { Suspense, useMemo } from 'react';
import { rendererKeyFor, rendererMap } from '../../../renderers';
import type { ToolDeclaration } from '../../engine/defineTool';
import { resultAsText } from '../../engine/resultText';
import { contractSchemaOf, type ToolResult } from '../../engine/runTool';
import { useProjects } from '../../engine/stores/projects';
import { CopyButton } from '../ui/CopyButton';
import { Spinner } from '../ui/Spinner';
import { SaveButton } from './SaveButton';

export function ResultCard({ tool, result }: { tool: ToolDeclaration; result: ToolResult }) {
  const activeProject = useProjects((s) => s.projects.find((p) => p.id === s.activeProjectId));
  const schema = useMemo(() => (tool.result === 'markdown' ? undefined : contractSchemaOf(tool.result)), [tool]);
  const Renderer = rendererMap[rendererKeyFor(tool)];
  const data = result.kind === 'text' ? result.text : result.data;

  return (
    <section className="card result-card" aria-labelledby="result-heading">
      <header className="result-card-header">
        <h2 id="result-heading">Result</h2>
        <div className="result-actions">
          <CopyButton text={resultAsText(result, schema)} />
          {activeProject && (
            <SaveButton projectId={activeProject.id} toolId={tool.id} toolTitle={tool.title} data={data} />
          )}
        </div>
      </header>
      {!activeProject && (
        <p className="hint">To keep this result, choose an active project at the top of the page, then save it.</p>
      )}
      <Suspense fallback={<Spinner />}>
        <Renderer tool={tool} result={result} schema={schema} />
      </Suspense>
    </section>
  );
}
