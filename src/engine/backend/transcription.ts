import { messages, UserFacingError } from '../messages';

/*
 * The seed's transcription contract, spec 7.2:
 *   POST {transcribe-host}/speechtotext/speechtotext/transcribe-audio/
 *   multipart form with a `file` field, Accept: application/json -> {text}
 */

export interface TranscribeRequest {
  audio: Blob;
  fileName: string;
  signal?: AbortSignal;
  /** What the offline sample transcriber answers with; real services ignore it. */
  sample?: string;
}

export interface Transcriber {
  kind: 'contract' | 'sample';
  transcribe(request: TranscribeRequest): Promise<string>;
}

export function transcriptionUrl(host: string): string {
  return `${host.replace(/\/+$/, '')}/speechtotext/speechtotext/transcribe-audio/`;
}

export function createContractTranscriber(host: string, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Transcriber {
  return {
    kind: 'contract',
    async transcribe({ audio, fileName, signal }) {
      const form = new FormData();
      form.append('file', audio, fileName);
      let response: Response;
      try {
        response = await fetcher(transcriptionUrl(host), { method: 'POST', headers: { Accept: 'application/json' }, body: form, signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new UserFacingError(messages.backendUnreachable(host));
      }
      if (!response.ok) throw new UserFacingError(messages.transcriptionFailed);
      let text: unknown;
      try {
        text = ((await response.json()) as { text?: unknown } | null)?.text;
      } catch {
        throw new UserFacingError(messages.transcriptionFailed);
      }
      if (typeof text !== 'string' || text.trim() === '') throw new UserFacingError(messages.transcriptionEmpty);
      return text.trim();
    },
  };
}

const SAMPLE_TRANSCRIPT =
  'This is a sample transcript from StudyForge\u2019s offline sample backend. Connect a transcription service in Settings to transcribe your own audio.';

export function createSampleTranscriber(delayMs = 500): Transcriber {
  return {
    kind: 'sample',
    transcribe: ({ sample, signal }) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(sample?.trim() || SAMPLE_TRANSCRIPT), delayMs);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        }, { once: true });
      }),
  };
}
