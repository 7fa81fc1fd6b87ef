/// <reference lib="webworker" />
import { mammothRawText } from '../../../engine/attach/mammothReader';

/*
 * Reads one Word document off the page's thread (issue 16): mammoth on a
 * long file would otherwise freeze the page, and a worker can be ended
 * outright when the user cancels. Answers { text } or { failed }.
 */

export type DocxWorkerAnswer = { text: string } | { failed: true };

self.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  let answer: DocxWorkerAnswer;
  try {
    answer = { text: await mammothRawText(event.data) };
  } catch {
    answer = { failed: true };
  }
  self.postMessage(answer);
};
