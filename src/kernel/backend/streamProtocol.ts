/*
 * The streaming form of the spec 7.1 call, offered by our gateway. A client
 * asks for it with `Accept: text/event-stream` on the same POST; a backend
 * that only speaks the plain contract ignores the header and answers JSON,
 * and the client falls back to that.
 *
 *   event: delta   data: {"text": "<the next piece of the answer>"}
 *   event: done    data: {}   (the answer is the deltas joined; older gateways
 *                              repeated it here as {"text"}, which clients still accept)
 *   event: error   data: {"error": "<message for the user>"}
 *
 * Failures before the first byte are answered as the plain contract does:
 * a non-OK status with {"error"}.
 */

import type { ContractErrorCode } from './contractErrors';

export const STREAM_CONTENT_TYPE = 'text/event-stream';

export type StreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { text?: string } }
  // `code`: what kind of failure, for the app to act on (contractErrors.ts).
  | { event: 'error'; data: { error: string; code?: ContractErrorCode } };

export function encodeStreamEvent({ event, data }: StreamEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
