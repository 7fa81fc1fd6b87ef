/** Whether this browser can record from a microphone (MediaRecorder and getUserMedia). Kept apart so a widget can ask without loading the recorder. */
export function recordingSupported(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
