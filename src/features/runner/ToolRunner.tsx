import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { formCollapsesUnder, previewKindFor } from '../../../renderers';
import { contractSchemaOf } from '../../kernel/resultContracts';
import type { ToolDeclaration } from '../../kernel/defineTool';
import type { ToolForm } from '../../kernel/toolForm';
import { inputSummary, type FormValues } from '../../kernel/fields';
import { blockingReason } from '../../kernel/formRules';
import { useToolSessions } from './toolSessions';
import { onDemand } from '../../kernel/onDemand';
import { lazyComponent } from '../../ui/lazyComponent';
import { languageName, useOutputLanguage } from '../refine';
import { messages } from '../../kernel/messages';
import { ErrorBox } from '../../ui/ErrorBox';
const inView = onDemand(() => import('../../ui/inView')); // Only a failed request needs it: not in the first load.
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { FieldControl } from './FieldControl';
import { WhatWillBeSent } from '../privacy';

/*
 * The page's code loading (toolCode.ts) itself comes as the person starts on the form: painting the form needs none
 * of it. Once here, Generate uses it in the same task.
 */
const toolCode = onDemand(() => import('./toolCode'));
/* The result card loads with the first result, never with the form (toolCode.ts says when). */
const ResultCard = lazy(() => toolCode.load().then((code) => code.loadResultCard()).then((card) => ({ default: card })));
const LivePreview = lazyComponent(() => toolCode.load().then((code) => code.livePreview.Component)).Component;

/**
 * The form's resolver, its code (zod) loaded on the first validation: react-hook-form
 * waits for an async resolver, so the form paints without it.
 */
function lazyResolver(tool: ToolForm): Resolver<FormValues> {
  let resolver: Promise<Resolver<FormValues>> | undefined;
  return async (values, context, options) => {
    resolver ??= toolCode.load().then((code) => code.toolFormResolver(tool));
    try {
      return await (await resolver)(values, context, options);
    } catch (error) {
      // The code did not arrive (offline): nothing is sent, the form says so and stays as it was; the next try loads it again.
      resolver = undefined;
      console.warn('[tool form] could not load validation', error);
      const first = tool.fields[0]?.name ?? 'root';
      return { values: {}, errors: { [first]: { type: 'load', message: messages.toolNotLoaded } } };
    }
  };
}

/*
 * The one generic tool screen. Everything tool-specific comes from the
 * declaration: the form from its fields, validation from its fields and
 * rules, the call from its prompt and result, the output from its renderer.
 * The form paints from the tool's form data (toolForm.ts); the declaration
 * (prompt, schemas, zod) comes as the person starts on the form, and Generate
 * waits for it if it is not here yet.
 */
export function ToolRunner({ tool, declaration: declared = null }: { tool: ToolForm; declaration?: ToolDeclaration | null }) {
  const [declaration, setDeclaration] = useState(declared);
  /** The declaration, loaded once (loadTool keeps it) and kept here for the result card and the preview's schema. */
  const needDeclaration = useCallback(
    () =>
      toolCode.load().then((code) => code.openTool(tool.id)).then(({ declaration: loaded }) => {
        setDeclaration(loaded);
        return loaded;
      }),
    [tool.id],
  );
  /** The declaration (or the code to ask with) did not arrive: nothing was sent; Try again loads it again. */
  const [notLoaded, setNotLoaded] = useState(false);
  const session = useToolSessions((s) => s.sessions[tool.id]);
  const { setValues, generate, cancel } = useToolSessions.getState();
  const language = useOutputLanguage((s) => s.language);
  const level = session?.level ?? '';
  const output = useMemo(() => ({ language, level }), [language, level]);
  const idPrefix = useId();
  const generateRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  /** After a renderer clears the result ("Create Another Quiz"), the form's first control takes focus. */
  const focusForm = useCallback(() => {
    formRef.current?.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])')?.focus();
  }, []);
  // The preview's code (for markdown: marked and DOMPurify) loads once the person starts on the form, or a request
  // starts: a visit that only looks loads none of it, and by the time Generate is pressed it is here.
  const previewKind = previewKindFor(tool);
  const wantPreview = useCallback(() => {
    // Validation and the answer's code come too, so Generate runs at once when pressed.
    void toolCode
      .load()
      .then((code) => code.intent(tool))
      .then(({ declaration: loaded }) => setDeclaration((shown) => shown ?? loaded), () => undefined);
  }, [tool]);
  const resultSchema = useMemo(
    () => (declaration && declaration.result !== 'markdown' ? contractSchemaOf(declaration.result) : undefined),
    [declaration],
  );

  const resolver = useMemo(() => lazyResolver(tool), [tool]);
  const form = useForm<FormValues>({ defaultValues: session?.values, resolver });
  const values = useWatch({ control: form.control }) as FormValues;

  useEffect(() => {
    setValues(tool.id, values);
  }, [tool.id, values, setValues]);

  // Leaving the tool stops its request: nothing arrives later into a screen nobody is looking at.
  useEffect(
    () => () => {
      // A refinement too: switching tools mid-refinement cancels it.
      if ((useToolSessions.getState().sessions[tool.id]?.status ?? 'idle') !== 'idle') cancel(tool.id, messages.leftPage);
    },
    [tool.id, cancel],
  );

  const loading = session?.status === 'loading';
  /** A refinement is on its way: the result stays, the form waits. */
  const refining = session?.status === 'refining';
  const hasResult = Boolean(session?.result);
  const failed = Boolean(session?.error);
  // A result on screen is shown by its renderer, which reads the declaration: a stored one comes with it (ToolPage).
  useEffect(() => {
    if (hasResult && !declaration) void needDeclaration().catch(() => setNotLoaded(true));
  }, [hasResult, declaration, needDeclaration]);
  /** A new answer from Generate, to bring into view and focus once its card is on screen. */
  const [revealResult, setRevealResult] = useState(false);
  const revealed = useCallback(() => setRevealResult(false), []);
  const wasLoading = useRef(loading);
  useEffect(() => {
    if (wasLoading.current === loading) return;
    wasLoading.current = loading;
    // Generate is disabled while loading, and Cancel goes when it ends: either would drop keyboard
    // focus on the page, so focus moves between the two (unless it is somewhere else by then).
    const active = document.activeElement;
    const dropped = active === null || active === document.body;
    if (loading) return void ((dropped || active === generateRef.current) && cancelRef.current?.focus({ preventScroll: true }));
    const here = dropped || formRef.current?.contains(active) === true;
    // Unless the person is busy elsewhere, focus and the view go to the error (not the earlier result it gave back)
    // when it failed, below the sticky header, or to the new answer's heading.
    if (failed && here) void inView.load().then((code) => code.focusInView(errorRef.current), () => undefined);
    else if (!failed && hasResult && here) setRevealResult(true);
    else if (dropped) generateRef.current?.focus({ preventScroll: true });
  }, [loading, hasResult, failed]);
  // A quiz under way folds its form into one line, so each question sits where the form was; a new quiz folds it again.
  const collapsible = formCollapsesUnder(tool);
  const [editingInputs, setEditingInputs] = useState(false);
  const shownResultId = session?.result ? (session.resultId ?? 'current') : null;
  useEffect(() => setEditingInputs(false), [shownResultId]);
  const collapsed = collapsible && hasResult && !editingInputs && !loading;

  if (!session) return null;
  const blocked = blockingReason(tool.fields, tool.rules, values);
  const submit = form.handleSubmit(async (valid) => {
    // Already asked for when the person started on the form; a widget's own submit may come first.
    const code = toolCode.current();
    code?.onGenerate(tool);
    // All here (it loads as the person starts on the form): the request starts in this task, as it always did.
    const now = code?.ready(tool, declaration);
    if (now) {
      setNotLoaded(false);
      return generate(now.tool, valid, now.backend);
    }
    try {
      const arrived = await toolCode.load();
      if (!code) arrived.onGenerate(tool);
      const loaded = await arrived.whenReady(tool, declaration);
      setDeclaration(loaded.tool);
      setNotLoaded(false);
      return generate(loaded.tool, valid, loaded.backend);
    } catch {
      setNotLoaded(true);
    }
  });
  const stop = () => {
    // Render the enabled form at once, so focus can go back to Generate rather than to the page.
    flushSync(() => cancel(tool.id));
    generateRef.current?.focus();
  };

  return (
    <>
      {collapsed && (
        <div className="card form-summary">
          <p className="form-summary-text">
            <span className="visually-hidden">Your inputs: </span>
            {inputSummary(tool.fields, values).map((input) => `${input.label}: ${clipped(input.value)}`).join(' · ')}
          </p>
          <button
            type="button"
            className="button"
            aria-expanded={false}
            aria-controls={`${idPrefix}-form`}
            onClick={() => {
              flushSync(() => setEditingInputs(true));
              focusForm();
            }}
          >
            <Icon name="edit" />
            <span>Edit inputs</span>
          </button>
        </div>
      )}
      <form ref={formRef} id={`${idPrefix}-form`} hidden={collapsed} className="card tool-form" onSubmit={submit} noValidate aria-busy={loading} onFocus={wantPreview} onPointerDown={wantPreview}>
        {tool.fields.map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            register={form.register}
            error={form.formState.errors[field.name]}
            idPrefix={idPrefix}
            widget={{
              tool,
              value: values[field.name],
              valueOf: (name) => form.getValues(name),
              setValue: (name, value) => form.setValue(name, value, { shouldDirty: true, shouldValidate: false }),
              submit: () => void submit(),
              busy: loading,
            }}
          />
        ))}
        <div className="form-actions">
          <button ref={generateRef} type="submit" className="button button-primary button-large" disabled={loading || refining || blocked !== null}>
            {loading ? <Spinner /> : <Icon name="auto_awesome" />}
            <span>{loading ? 'Generating...' : tool.actionLabel ?? 'Generate'}</span>
          </button>
          {loading && (
            <button ref={cancelRef} type="button" className="button button-large" onClick={stop}>
              <Icon name="close" />
              <span>Cancel</span>
            </button>
          )}
          {blocked && !loading && <p className="hint" id={`${idPrefix}-blocked`}>{blocked}</p>}
          {/* The language chosen under a result applies to every tool: say so where a new answer starts. */}
          {language !== 'en' && <p className="hint">Answers are written in {languageName(language)}: change it under a result.</p>}
        </div>
        <WhatWillBeSent tool={tool} declaration={needDeclaration} values={values} output={output} />
      </form>

      <div className="tool-output">
        {loading && session.partial === null && (
          <div className="card loading-card" role="status">
            <Spinner />
            <span>Working on it: this usually takes a few seconds.</span>
          </div>
        )}
        {loading && session.partial !== null && (
          <Suspense fallback={null}>
            <LivePreview text={session.partial} kind={previewKind} schema={resultSchema} />
          </Suspense>
        )}
        {session.notice && !loading && (
          <p className="hint cancelled-note" role="status">{session.notice}</p>
        )}
        {notLoaded && !loading && <FailedWithRetry errorRef={errorRef} message={messages.toolNotLoaded} retry={() => void submit()} disabled={blocked !== null} />}
        {session.error && <FailedWithRetry errorRef={errorRef} message={session.error} retry={() => void submit()} disabled={blocked !== null} />}
        {session.result && !declaration && !notLoaded && <Spinner />}
        {session.result && declaration && (
          <Suspense fallback={<Spinner />}>
            <ResultCard
              tool={declaration}
              session={session}
              result={session.result}
              resultId={session.resultId ?? 'current'}
              values={values}
              afterReset={focusForm}
              reveal={revealResult}
              onRevealed={revealed}
            />
          </Suspense>
        )}
        {refining && session.partial !== null && (
          <Suspense fallback={null}>
            <LivePreview text={session.partial} kind={previewKind} schema={resultSchema} />
          </Suspense>
        )}
      </div>
    </>
  );
}

/** A request that did not bring an answer, with Try again (which sends the form again). */
function FailedWithRetry({ message, retry, disabled, errorRef }: { message: string; retry(): void; disabled: boolean; errorRef: Ref<HTMLDivElement> }) {
  return (
    <ErrorBox message={message} ref={errorRef}>
      <button type="button" className="button" onClick={retry} disabled={disabled}>
        <Icon name="replay" />
        <span>Try again</span>
      </button>
    </ErrorBox>
  );
}

/** A long answer (pasted notes) shortened for the one-line summary of the inputs. */
function clipped(value: string): string {
  const oneLine = value.replace(/\s+/g, ' ');
  return oneLine.length > 60 ? `${oneLine.slice(0, 59)}…` : oneLine;
}
