/** User-facing error texts, word for word from spec section 8. */
export const messages = {
  requestFailed: (status: number) => `Request failed with status ${status}`,
  invalidFormat: 'The AI returned an invalid format. Please try again.',
  unknown: 'An unknown error occurred.',
  transcriptionFailed: 'Failed to transcribe audio. The server returned an error.',
  transcriptionEmpty: 'Transcription successful, but no text was returned.',
  microphoneDenied: 'Could not access the microphone. Please grant permission and try again.',
  speechUnsupported: 'Speech Recognition API is not supported in this browser.',
  speechError: (code: string) => `Speech recognition error: ${code}`,
  notEnoughSpeech: 'Not enough speech was detected to provide feedback.',
  projectNotFound: (id: string) => `Project with ID "${id}" not found.`,
  unknownQuestionType: 'Unknown question type',
  noRootElement: 'Could not find root element to mount to',
  // Not in the spec: the spec has no text for these faults, so we say plainly what happened.
  backendUnreachable: (url: string) =>
    `Could not reach the AI backend at ${url}. Check your connection, or the backend URL in Settings.`,
  connectionLost: 'The connection to the AI backend was lost before the answer was complete.',
  /** The gateway's provider account is out of credit (a quota or spending limit used up): no retry helps, someone must pay. */
  outOfCredit: "This school's AI account has run out of credit; tell whoever runs StudyForge.",
  cancelled: 'Cancelled.',
  timedOut: 'The AI is taking too long to answer. Your inputs are kept: please try again.',
  wentOffline: 'You went offline before the answer arrived. Your inputs are kept: try again when you are back online.',
  leftPage: 'The last request was stopped when you left this tool.',
  /** A tool's code did not arrive (offline, a flaky network): nothing was sent, and trying again loads it again. */
  toolNotLoaded: 'This tool could not be loaded. Check your connection and try again.',
  /** Settings' Test connection waits less than a tool does: it asks for one word, and the user is waiting on the button. */
  connectionTestTimedOut: (seconds: number) =>
    `No answer within ${seconds} second${seconds === 1 ? '' : 's'}, so the test stopped. Check the address; a model that is still starting can be this slow, so try again in a minute.`,
  /**
   * Audio the transcription service does not take (Gemini, whisper.cpp: G7) and that could not be
   * converted to WAV here: too long for the upload limit, or not readable by this browser. Nothing is sent.
   */
  audioNotConverted: (problem: 'tooLong' | 'unreadable', maxMinutes: number, formats: string) =>
    problem === 'tooLong'
      ? `Failed to transcribe audio. The recording is longer than the ${maxMinutes} minutes the transcription service takes, so nothing was sent. Record or upload a shorter part.`
      : `Failed to transcribe audio. This browser could not convert it to a format the transcription service takes, so nothing was sent. Upload it as ${formats} instead.`,
  storageFull: 'Could not save: this browser\u2019s storage is full. Your result is still here; copy it, or free space by deleting old projects.',
} as const;

/** An error whose message is fit to show to the user as it is. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

/**
 * An answer that arrived but cannot be used: not JSON, or not the required
 * shape. The user sees spec 8's invalid-format text; `problem` says what was
 * wrong, for telling the model when it is asked once more.
 */
export class InvalidAnswerError extends UserFacingError {
  override name = 'InvalidAnswerError';
  constructor(readonly problem: string) {
    super(messages.invalidFormat);
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return messages.unknown;
}
