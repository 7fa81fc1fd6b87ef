import '../shared/widgets.css';
import { useState } from 'react';
import { loadTranscriber } from '../shared/loadTranscriber';
import { messageOf } from '../../src/kernel/messages';
import type { FieldWidgetProps } from '../widgetProps';
import { ErrorBox } from '../../src/ui/ErrorBox';
import { Icon } from '../../src/ui/Icon';
import { Spinner } from '../../src/ui/Spinner';
import { recordingSupported } from '../shared/recordingSupported';
import { useRecorder } from '../shared/useRecorder';

/*
 * Audio Notes' input (spec 4: idle, transcribing, summarizing, back to idle):
 * record with the microphone or upload an audio or video file; the audio goes
 * to the transcription service, the transcript fills the field, and the form
 * is submitted so the transcript is summarised.
 */

type Phase = 'idle' | 'transcribing';

function isAudioOrVideo(file: File): boolean {
  return file.type.startsWith('audio/') || file.type.startsWith('video/');
}

export default function AudioRecorder({ tool, field, setValue, submit, busy, children }: FieldWidgetProps) {
  const recorder = useRecorder();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const sample = String(tool.exampleInput?.[field.name] ?? '');
  const working = phase === 'transcribing' || busy;

  async function transcribe(audio: Blob, fileName: string) {
    setPhase('transcribing');
    setError(null);
    try {
      const text = await (await loadTranscriber()).transcribe({ audio, fileName, sample });
      setValue(field.name, text);
      submit();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPhase('idle');
    }
  }

  async function toggleRecording() {
    setError(null);
    try {
      if (recorder.recording) {
        const { audio, fileName } = await recorder.stop();
        await transcribe(audio, fileName);
      } else {
        void loadTranscriber().catch(() => undefined); // Here by the time the recording is sent.
        await recorder.start();
      }
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  function upload(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // Choosing the same file again should work again.
    if (!file) return;
    if (!isAudioOrVideo(file)) {
      setError('Please choose an audio or video file.');
      return;
    }
    void transcribe(file, file.name);
  }

  const status = recorder.recording
    ? 'Recording... press Stop recording when you are done.'
    : phase === 'transcribing'
      ? 'Transcribing your audio...'
      : busy
        ? 'Summarizing...'
        : null;

  return (
    <div className="audio-widget">
      <div className="widget-controls">
        <button
          type="button"
          className={recorder.recording ? 'button button-danger' : 'button button-primary'}
          aria-pressed={recorder.recording}
          onClick={toggleRecording}
          disabled={working || !recordingSupported()}
        >
          <Icon name={recorder.recording ? 'stop' : 'mic'} />
          <span>{recorder.recording ? 'Stop recording' : 'Start recording'}</span>
        </button>
        <span className="widget-or">or</span>
        <label className={working || recorder.recording ? 'button file-button disabled' : 'button file-button'}>
          <Icon name="upload_file" />
          <span>Upload audio or video</span>
          <input
            className="visually-hidden"
            type="file"
            accept="audio/*,video/*"
            onChange={upload}
            disabled={working || recorder.recording}
          />
        </label>
      </div>
      <p className="widget-status" role="status">
        {status && (
          <>
            {!recorder.recording && <Spinner />} {status}
          </>
        )}
      </p>
      {error && <ErrorBox message={error} />}
      {children}
    </div>
  );
}
