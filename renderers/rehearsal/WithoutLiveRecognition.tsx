import type { ReactNode } from 'react';
import { messageOf, messages } from '../../src/kernel/messages';
import { Icon } from '../../src/ui/Icon';
import { loadTranscriber } from '../shared/loadTranscriber';
import { recordingSupported } from '../shared/recordingSupported';
import { useRecorder } from '../shared/useRecorder';

/*
 * The rehearsal coach in a browser without live speech recognition (Firefox,
 * Safari): the talk is recorded with the microphone and transcribed by the
 * transcription service when it stops; with no microphone either, the spec's
 * message says so and the talk can be typed. Its own module, loaded only in
 * such a browser, so the coach's route in one with recognition does not carry
 * it. The recorder (useRecorder) frees the microphone when the
 * widget leaves the page.
 */

export type RehearsalPhase = 'idle' | 'rehearsing' | 'recording' | 'transcribing';

export interface WithoutLiveRecognitionProps {
  /** The form's example text, which the offline sample transcription answers with. */
  sample: string;
  phase: RehearsalPhase;
  setPhase(phase: RehearsalPhase): void;
  /** A request or a transcription is under way. */
  working: boolean;
  setError(message: string | null): void;
  setLive(transcript: string): void;
  finish(transcript: string, seconds: number): void;
  /** The widget's Start Rehearsing button: with no microphone, it says that speech is not supported. */
  startButton: ReactNode;
}

export default function WithoutLiveRecognition({ sample, phase, setPhase, working, setError, setLive, finish, startButton }: WithoutLiveRecognitionProps) {
  const recorder = useRecorder();

  async function toggleRecording() {
    setError(null);
    if (!recorder.recording) {
      try {
        void loadTranscriber().catch(() => undefined); // Here by the time the recording is sent.
        await recorder.start();
        setPhase('recording');
      } catch (failure) {
        setError(messageOf(failure));
      }
      return;
    }
    try {
      const { audio, seconds, fileName } = await recorder.stop();
      setPhase('transcribing');
      const transcript = await (await loadTranscriber()).transcribe({ audio, fileName, sample });
      setLive(transcript);
      finish(transcript, seconds);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPhase('idle');
    }
  }

  if (!recordingSupported()) {
    return (
      <>
        <div className="widget-controls">{startButton}</div>
        <p className="hint">{`${messages.speechUnsupported} You can still paste what you said below.`}</p>
      </>
    );
  }
  const recordingNow = phase === 'recording';
  return (
    <>
      <div className="widget-controls">
        <button
          type="button"
          className={recordingNow ? 'button button-danger' : 'button button-primary'}
          aria-pressed={recordingNow}
          onClick={() => void toggleRecording()}
          disabled={working}
        >
          <Icon name={recordingNow ? 'stop' : 'mic'} />
          <span>{recordingNow ? 'Stop recording' : 'Record your talk'}</span>
        </button>
      </div>
      <p className="hint">This browser cannot transcribe speech live, so your talk is recorded and transcribed when you stop.</p>
    </>
  );
}
