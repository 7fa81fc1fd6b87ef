/// <reference lib="webworker" />
import { mammothRawText } from './mammothReader';
import { AttachError } from './sniff';

/*
 * Reads one Word document off the page's thread: mammoth on a
 * long file would otherwise freeze the page, and a worker can be ended
 * outright when the user cancels. Answers { text }, { refused } with the
 * reason a file is not read (its parts unpack past their bound), or
 * { failed }.
 */

export type DocxWorkerAnswer = { text: string } | { refused: string } | { failed: true };

self.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  let answer: DocxWorkerAnswer;
  try {
    answer = { text: await mammothRawText(event.data) };
  } catch (error) {
    answer = error instanceof AttachError ? { refused: error.message } : { failed: true };
  }
  self.postMessage(answer);
};
