import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { PlainView, rendererKeyFor, rendererMap } from '../../../../renderers';
import { loadTool } from '../../../kernel/catalogue';
import type { ToolDeclaration } from '../../../kernel/defineTool';
import type { Artifact } from '../../../features/projects';
import { savedViewOf } from './savedView';
import { DEFAULT_OUTPUT } from '../../../features/refine';
import { contractSchemaOf, type ToolResult } from '../../../kernel/runTool';
import { Spinner } from '../../../ui/Spinner';
import { loadFollowUpBackend } from '../../../features/privacy';
import { loadBackendHooks } from '../../../features/settings';
import { loadQuizAttemptRecords, loadQuizHistory, loadStudyState, type FinishedQuiz } from '../../../features/study';

/*
 * A saved item as it was made: its tool's renderer, loaded with
 * the tool's declaration, or the plain layout with a note when the tool is
 * gone or the item no longer fits it. Interactive screens work here too (a
 * saved quiz can be taken again), keeping their progress in a slot of the
 * project's own, never the tool page's.
 */

/** What a saved item needs from other features, loaded with it: the study store and quiz history, the backend, private follow-ups. */
async function loadParts() {
  const [{ runPrivateFollowUp }, { useBackend }, { inOriginalNumbering }, { QuizHistory }, { useStudy }] = await Promise.all([
    loadFollowUpBackend(),
    loadBackendHooks(),
    loadQuizAttemptRecords(),
    loadQuizHistory(),
    loadStudyState(),
  ]);
  return { runPrivateFollowUp, useBackend, inOriginalNumbering, QuizHistory, useStudy };
}

type Loaded = { status: 'loading' } | { status: 'ready'; tool: ToolDeclaration | undefined };

function useToolDeclaration(toolId: string, known: boolean): Loaded {
  const [loaded, setLoaded] = useState<Loaded>(known ? { status: 'loading' } : { status: 'ready', tool: undefined });
  useEffect(() => {
    if (!known) return;
    let live = true;
    loadTool(toolId).then(
      (tool) => live && setLoaded({ status: 'ready', tool }),
      // The tool's code would not load (offline, a new deploy): the plain layout still shows the item.
      () => live && setLoaded({ status: 'ready', tool: undefined }),
    );
    return () => {
      live = false;
    };
  }, [toolId, known]);
  return loaded;
}

interface SavedResultProps {
  projectId: string;
  artifact: Artifact;
  /** Whether the catalogue still has the item's tool. */
  toolKnown: boolean;
}

/** The saved item's view, with its parts loaded (the project page's list loads it when an item opens). */
export async function loadSavedResult() {
  const { runPrivateFollowUp, useBackend, inOriginalNumbering, QuizHistory, useStudy } = await loadParts();
  return function SavedResult({ projectId, artifact, toolKnown }: SavedResultProps) {
    const loaded = useToolDeclaration(artifact.toolId, toolKnown);
    const backend = useBackend(artifact.toolId);
    const [round, setRound] = useState(0);
    const tool = loaded.status === 'ready' ? loaded.tool : undefined;
    const view = useMemo(() => (loaded.status === 'ready' ? savedViewOf(artifact.data, artifact.toolId, tool) : null), [loaded.status, artifact, tool]);
    const schema = useMemo(() => (tool && tool.result !== 'markdown' ? contractSchemaOf(tool.result) : undefined), [tool]);
    const followUp = useCallback(
      (key: string, context: Record<string, string>, signal?: AbortSignal) => {
        if (!tool) return Promise.reject(new Error('This item has no tool to ask.'));
        // A saved item keeps no inputs: the names in the follow-up's own text are the ones found and replaced.
        return runPrivateFollowUp(tool, null, key, context, backend, { ...(signal ? { signal } : {}), output: DEFAULT_OUTPUT });
      },
      [tool, backend],
    );
    /** The questions being retried (by their place in the saved quiz), or null for the whole quiz. */
    const [retrying, setRetrying] = useState<number[] | null>(null);
    // "Start again" on a saved screen starts it afresh here (the whole quiz again); the saved item itself never changes.
    const reset = useCallback(() => {
      setRetrying(null);
      setRound((n) => n + 1);
    }, []);
    const recordAttempt = useCallback(
      (finished: FinishedQuiz) => {
        useStudy.getState().recordAttempt(projectId, artifact.id, retrying ? inOriginalNumbering(finished, retrying) : finished);
      },
      [projectId, artifact.id, retrying],
    );

    if (!view) return <Spinner />;
    if (view.kind === 'plain') {
      return (
        <>
          <p className="hint saved-note">{view.note}</p>
          <Suspense fallback={<Spinner />}>
            <PlainView data={artifact.data} schema={schema} />
          </Suspense>
        </>
      );
    }
    const key = tool ? rendererKeyFor(tool) : null;
    const Renderer = key ? rendererMap[key] : null;
    if (!tool || !Renderer) return null;
    const saved = view.result;
    const isQuiz = key === 'quiz' && saved.kind === 'json' && Array.isArray(saved.data);
    const questions = isQuiz && saved.kind === 'json' ? (saved.data as { question: string }[]) : [];
    const result: ToolResult = retrying ? { kind: 'json', data: retrying.map((i) => questions[i]) } : saved;
    return (
      <>
        {isQuiz && (
          <QuizHistory
            projectId={projectId}
            artifact={artifact}
            questions={questions}
            onRetry={(missed) => {
              setRetrying(missed);
              setRound((n) => n + 1);
            }}
          />
        )}
        {retrying && (
          <p className="hint quiz-retrying" role="status">
            Retrying the {retrying.length} {retrying.length === 1 ? 'question' : 'questions'} you missed.{' '}
            <button type="button" className="button button-quiet" onClick={reset}>Back to the whole quiz</button>
          </p>
        )}
        <Suspense fallback={<Spinner />}>
          <Renderer
            key={round}
            tool={tool}
            result={result}
            resultId={`${artifact.id}#${round}`}
            schema={schema}
            values={{}}
            language={DEFAULT_OUTPUT.language}
            progressKey={`project:${projectId}`}
            runFollowUp={followUp}
            reset={reset}
            recordAttempt={recordAttempt}
          />
        </Suspense>
      </>
    );
  };
}
