import '../shared/widgets.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { messageOf, messages } from '../../src/kernel/messages';
import type { FieldWidgetProps } from '../widgetProps';
import { ErrorBox } from '../../src/ui/ErrorBox';
import { Icon } from '../../src/ui/Icon';
import { Spinner } from '../../src/ui/Spinner';
import { speechRecognitionConstructor, type SpeechRecognitionLike } from './speechRecognition';
import type { RehearsalPhase } from './WithoutLiveRecognition';

// Recording instead (a browser without live recognition): its code loads only there. Offline, it says so.
const WithoutLiveRecognition = lazy(() =>
  import('./WithoutLiveRecognition').catch(() => ({
    default: () => <p className="hint">{messages.toolNotLoaded} You can still type what you said below.</p>,
  })),
);

/*
 * The rehearsal coach's input (spec 4): start and stop rehearsing with the
 * browser's speech recognition (continuous, interim results, en-US), showing
 * the live transcript. On stop the transcript and its length fill the form,
 * which is submitted: the browser counts words, pace and fillers, and the
 * model writes the feedback. Browsers without speech recognition (Firefox,
 * Safari) can record instead; the recording is transcribed by the
 * transcription service (WithoutLiveRecognition.tsx, loaded only there,
 * so the first load of browsers with live recognition stays small).
 */

/** The form field the rehearsal's length goes into. */
const DURATION_FIELD = 'durationSeconds';

/** Spec 5: under a second, or nothing said, is not enough to give feedback on. */
export function enoughSpeech(transcript: string, seconds: number): boolean {
  return transcript.trim() !== '' && seconds >= 1;
}

export default function SpeechRehearsal({ tool, field, setValue, submit, busy, children }: FieldWidgetProps) {
  const Recognition = speechRecognitionConstructor();
  const [phase, setPhase] = useState<RehearsalPhase>('idle');
  const [live, setLive] = useState('');
  const [error, setErrorMessage] = useState<{ message: string; advice?: string } | null>(null);
  const setError = (message: string | null, advice?: string) => setErrorMessage(message === null ? null : { message, advice });
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const hasDurationField = tool.fields.some((f) => f.name === DURATION_FIELD);

  // Leaving the page stops listening.
  useEffect(() => () => recognition.current?.abort(), []);

  function finish(transcript: string, seconds: number) {
    if (!enoughSpeech(transcript, seconds)) {
      setError(messages.notEnoughSpeech);
      return;
    }
    setValue(field.name, transcript.trim());
    if (hasDurationField) setValue(DURATION_FIELD, Math.max(1, Math.round(seconds)));
    submit();
  }

  function startRehearsing() {
    setError(null);
    if (!Recognition) {
      setError(messages.speechUnsupported);
      return;
    }
    const engine = new Recognition();
    engine.continuous = true;
    engine.interimResults = true;
    engine.lang = 'en-US';
    let finalText = '';
    let interimText = '';
    let failed = false;
    const startedAt = performance.now();

    engine.onresult = (event) => {
      interimText = '';
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        const text = result?.[0]?.transcript ?? '';
        if (result?.isFinal) finalText += `${text.trim()} `;
        else interimText += text;
      }
      setLive(`${finalText}${interimText}`.trim());
    };
    engine.onerror = (event) => {
      failed = true;
      // The spec's message at once, then what to do about it (its text loads with the first error).
      setError(messages.speechError(event.error));
      void import('./speechErrorAdvice').then(
        ({ speechErrorAdvice }) => setErrorMessage((shown) => (shown?.message === messages.speechError(event.error) ? { ...shown, advice: speechErrorAdvice(event.error) } : shown)),
        () => undefined,
      );
    };
    engine.onend = () => {
      recognition.current = null;
      setPhase('idle');
      if (!failed) finish(`${finalText}${interimText}`, (performance.now() - startedAt) / 1000);
    };

    recognition.current = engine;
    setLive('');
    setPhase('rehearsing');
    try {
      engine.start();
    } catch (failure) {
      recognition.current = null;
      setPhase('idle');
      setError(messageOf(failure));
    }
  }

  function stopRehearsing() {
    recognition.current?.stop(); // The engine's end event finishes the rehearsal.
  }

  const rehearsing = phase === 'rehearsing';
  const working = busy || phase === 'transcribing';
  const status = rehearsing
    ? 'Listening... press Stop Rehearsing when you finish your talk.'
    : phase === 'recording'
      ? 'Recording... press Stop recording when you finish your talk.'
      : phase === 'transcribing'
        ? 'Transcribing your talk...'
        : busy
          ? 'Analysing your talk...'
          : null;

  const startButton = (
    <button
      type="button"
      className={rehearsing ? 'button button-danger' : 'button button-primary'}
      aria-pressed={rehearsing}
      onClick={rehearsing ? stopRehearsing : startRehearsing}
      disabled={working || phase === 'recording'}
    >
      <Icon name={rehearsing ? 'stop' : 'record_voice_over'} />
      <span>{rehearsing ? 'Stop Rehearsing' : 'Start Rehearsing'}</span>
    </button>
  );

  return (
    <div className="rehearsal-widget">
      {Recognition ? (
        <div className="widget-controls">{startButton}</div>
      ) : (
        <Suspense fallback={null}>
          <WithoutLiveRecognition
            sample={String(tool.exampleInput?.[field.name] ?? '')}
            phase={phase}
            setPhase={setPhase}
            working={working}
            setError={setError}
            setLive={setLive}
            finish={finish}
            startButton={startButton}
          />
        </Suspense>
      )}
      <p className="widget-status" role="status">
        {status && (
          <>
            {working && <Spinner />} {status}
          </>
        )}
      </p>
      {(rehearsing || live !== '') && (
        // A long talk scrolls inside the box, so the box takes focus: arrow keys can scroll it too.
        <div className="live-transcript" role="region" aria-label="Live transcript" tabIndex={0}>
          <p>{live || 'Start speaking...'}</p>
        </div>
      )}
      {error && (
        <ErrorBox message={error.message}>{error.advice && <p className="error-box-advice">{error.advice}</p>}</ErrorBox>
      )}
      {children}
    </div>
  );
}
