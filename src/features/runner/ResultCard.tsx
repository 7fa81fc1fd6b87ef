import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { rendererKeyFor, rendererMap } from '../../../renderers';
import type { ToolDeclaration } from '../../kernel/defineTool';
import { resultAsText } from '../../kernel/resultText';
import { dataDirection } from '../../kernel/textDirection';
import { inputSummary, topicOf, type FormValues } from '../../kernel/fields';
import { DEFAULT_OUTPUT, type loadRefineLoader, type RefineActions } from '../refine';
import { contractSchemaOf, type ToolResult } from '../../kernel/runTool';
import { loadFollowUpBackend } from '../privacy';
import { SaveButton, SaveToProjectPanel, useProjects, type NewArtifact } from '../projects';
import { useToolSessions, type ToolSession } from './toolSessions';
import type { loadQuizAttempts } from '../study';
import type { loadBackendHooks } from '../settings';
import { CopyButton } from '../../ui/CopyButton';
import { ExportMenu, loadEmailCopyButtons, type ExportInput } from '../export';
import { Spinner } from '../../ui/Spinner';

/** What the card uses of other features, loaded with it through their entries (toolCode.ts). */
export interface ResultCardFeatures {
  useBackend: Awaited<ReturnType<typeof loadBackendHooks>>['useBackend'];
  useQuizAttempts: Awaited<ReturnType<typeof loadQuizAttempts>>['useQuizAttempts'];
  useRefineModule: Awaited<ReturnType<typeof loadRefineLoader>>['useRefineModule'];
}

export interface ResultCardProps {
  tool: ToolDeclaration;
  session: ToolSession;
  result: ToolResult;
  resultId: string;
  values: FormValues;
  /** Called once the result is cleared (a renderer's "start again"): focus goes back to the form. */
  afterReset?(): void;
  /**
   * The result has just arrived from Generate: its heading takes focus and
   * scrolls into view, then `onRevealed` says it is done. A result
   * restored on opening the page does not move the page.
   */
  reveal?: boolean;
  onRevealed?(): void;
}

/** Only an email tool's result needs these buttons: every other tool page loads without them. */
const EmailCopyButtons = lazy(() => loadEmailCopyButtons().then((m) => ({ default: m.EmailCopyButtons })));

/** The card bound to the features it uses, as the tool page loads it. */
export function resultCardWith(features: ResultCardFeatures) {
  return function BoundResultCard(props: ResultCardProps) {
    return <ResultCard {...props} features={features} />;
  };
}

function ResultCard({ tool, session, result, resultId, values, afterReset, reveal = false, onRevealed, features }: ResultCardProps & { features: ResultCardFeatures }) {
  const { useBackend, useQuizAttempts, useRefineModule } = features;
  const backend = useBackend(tool.id);
  const refine = useRefineModule();
  const actions = useMemo<RefineActions>(() => {
    const sessions = useToolSessions.getState;
    return {
      refine: (change) => sessions().refine(tool, change, backend),
      cancel: () => sessions().cancel(tool.id),
      showVersion: (index) => sessions().showVersion(tool.id, index),
      setLevel: (level) => sessions().setLevel(tool.id, level),
      dismissInterrupted: () => sessions().showVersion(tool.id, sessions().sessions[tool.id]?.shown ?? 0),
    };
  }, [tool, backend]);
  const version = session.versions[session.shown];
  const output = version?.output ?? DEFAULT_OUTPUT;
  const followUp = useCallback(
    (key: string, context: Record<string, string>, signal?: AbortSignal) =>
      // The follow-up code (and, for a tool with names, the name code) loads with the first follow-up asked.
      loadFollowUpBackend().then(({ runPrivateFollowUp }) =>
        runPrivateFollowUp(tool, session.resultValues ?? values, key, context, backend, { ...(signal ? { signal } : {}), output }),
      ),
    [tool, backend, output, session.resultValues, values],
  );
  const reset = useCallback(() => {
    // The result (and the button that asked for this) goes at once, so focus is not left on nothing.
    flushSync(() => useToolSessions.getState().clearResult(tool.id));
    afterReset?.();
  }, [tool.id, afterReset]);
  const activeProject = useProjects((s) => s.projects.find((p) => p.id === s.activeProjectId));
  /** The project just saved into from the panel: its Save button, appearing now, starts as 'Saved!' and says where it went. */
  const [savedInto, setSavedInto] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    // Another project chosen since: the note no longer describes the Save button.
    if (savedInto && activeProject?.id !== savedInto.id) setSavedInto(null);
  }, [savedInto, activeProject?.id]);
  const schema = useMemo(() => (tool.result === 'markdown' ? undefined : contractSchemaOf(tool.result)), [tool]);
  const Renderer = rendererMap[rendererKeyFor(tool)];
  const data = result.kind === 'text' ? result.text : result.data;
  const chain = version?.chain;
  const refinements = useMemo(() => chain?.map((change) => change.label), [chain]);
  const [attempts, recordAttempt] = useQuizAttempts(tool.id, resultId);
  // What the shown version answers: after a new answer to other inputs, an earlier version still exports as what it is.
  const answered = session.resultValues ?? values;
  const topic = topicOf(tool.fields, answered);
  const exportInput: ExportInput = { toolTitle: tool.title, data, ...(topic ? { topic } : {}), inputs: inputSummary(tool.fields, answered), language: output.language };
  // Which way the answer reads: the same decision Word and print make (kernel/textDirection.ts).
  const direction = useMemo(() => dataDirection(data, output.language), [data, output.language]);
  const toSave = useMemo<NewArtifact>(
    () => ({
      toolId: tool.id,
      toolTitle: tool.title,
      // The item is named by its topic; saving this same result again updates it (projects' SaveButton).
      ...(topic ? { topic } : {}),
      resultId,
      data,
      ...(refinements?.length ? { refinements } : {}),
      ...(attempts.length ? { attempts } : {}),
    }),
    [tool, topic, resultId, data, refinements, attempts],
  );
  // A registry file may turn refining off (`refine: false`); checked here without loading the refine code.
  const canRefine = tool.refine !== false && version !== undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Cancel of a change on its way: shown by the version bar, given focus by the refine bar. */
  const cancelRef = useRef<HTMLButtonElement>(null);
  /** The control that asked for the change on its way: a cancelled change gives focus back to it. */
  const askedFromRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!reveal) return;
    revealHeading(headingRef.current);
    onRevealed?.();
  }, [reveal, onRevealed]);

  return (
    <section className="card result-card" aria-labelledby="result-heading">
      <header className="result-card-header">
        <h2 id="result-heading" ref={headingRef} tabIndex={-1}>Result</h2>
        <div className="result-actions">
          <CopyButton text={resultAsText(result, schema)} html={() => import('../export/richCopy').then((m) => m.richCopyHtml(tool.id, exportInput))} />
          {tool.copy === 'email' && result.kind === 'text' && (
            <Suspense fallback={null}>
              <EmailCopyButtons toolId={tool.id} answer={result.text} input={exportInput} />
            </Suspense>
          )}
          <ExportMenu toolId={tool.id} input={exportInput} />
          {activeProject && (
            <SaveButton projectId={activeProject.id} artifact={toSave} savedAlready={savedInto?.id === activeProject.id} />
          )}
        </div>
      </header>
      {!activeProject && (
        <SaveToProjectPanel artifact={toSave} onSaved={setSavedInto} />
      )}
      {canRefine && refine && <refine.VersionBar session={session} actions={actions} fields={tool.fields} cancelRef={cancelRef} askedFromRef={askedFromRef} />}
      {/* The answer in the language it was asked in, laid out the way it reads; its blocks may differ (renderers/shared/blockDirections.ts). */}
      <div dir={direction} lang={output.language}>
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
            recordAttempt={recordAttempt}
          />
        </Suspense>
      </div>
      {canRefine && refine && <refine.RefineBar tool={tool} session={session} actions={actions} cancelRef={cancelRef} askedFromRef={askedFromRef} />}
    </section>
  );
}

/**
 * Brings a new result's heading to the top of the view (below the sticky
 * header, by its scroll margin) and gives it focus, so a sighted user sees
 * the answer and a screen-reader user hears where they are. Smooth only when
 * the person has not asked for reduced motion.
 */
function revealHeading(heading: HTMLHeadingElement | null): void {
  if (!heading) return;
  heading.focus({ preventScroll: true });
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  heading.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}
