import type { ServerResponse } from 'node:http';
import { sendJson, writeSlowly } from './http';
import type { FakeExchange, FinishSignalAnswer } from './types';

/*
 * The OpenAI-compatible fake's answers that end without a finish signal, or
 * with Groq's own ending (FinishSignalAnswer in ./types). The chunk and
 * completion shapes come from ./openaiCompatible, so these stay the same
 * objects the rest of the fake sends.
 */

export interface OpenAIFrames {
  /** One stream chunk: a delta and its finish_reason (null mid-stream). */
  chunk(delta: Record<string, unknown>, finish: string | null): Record<string, unknown>;
  /** A whole chat completion, with top-level usage. */
  completion(content: string, finish: string | null): Record<string, unknown>;
}

const sse = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`;

const GROQ_DEFAULT_USAGE = { prompt_tokens: 8, completion_tokens: 12 };

export async function answerOpenAIFinishSignal(
  res: ServerResponse,
  exchange: FakeExchange,
  answer: Extract<FinishSignalAnswer, { kind: 'cut' | 'groq' }>,
  delayMs: number,
  frames: OpenAIFrames,
): Promise<void> {
  if (!exchange.streamed) {
    // Whole: a choice that never got its finish_reason ('cut'), or Groq's whole answer, which carries top-level usage.
    sendJson(res, 200, frames.completion(answer.chunks.join(''), answer.kind === 'cut' ? null : 'stop'));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
  const events = [sse(frames.chunk({ role: 'assistant', content: '' }, null))];
  for (const piece of answer.chunks) events.push(sse(frames.chunk({ content: piece }, null)));
  if (answer.kind === 'cut') {
    // Cut before the finish_reason chunk: openai-node's stream helper throws `missing finish_reason for choice`
    // for such a stream ([O-sdk] src/lib/ChatCompletionStream.ts l.2170), [DONE] or not.
    if (answer.withDone) events.push('data: [DONE]\n\n');
  } else if (answer.error !== undefined) {
    // [Groq-sdk] groq/groq-typescript src/resources/chat/completions.ts l.990: XGroq.error, "An error string
    // indicating why a stream was stopped early". No finish_reason follows.
    events.push(sse({ ...frames.chunk({}, null), x_groq: { id: 'req_fake', error: answer.error } }), 'data: [DONE]\n\n');
  } else {
    events.push(groqLastChunk(frames.chunk({}, 'stop'), answer.usage), 'data: [DONE]\n\n');
  }
  // The connection closes cleanly, as after a proxy's idle cut or a restart, or breaks (`reset`).
  if (await writeSlowly(res, events, delayMs)) endOrBreak(res, answer.kind === 'cut' && answer.reset === true);
}

/**
 * Groq's last stream chunk, as an SSE event: [Groq-sdk] l.392 and l.1000, a Groq chunk has no top-level usage;
 * the stream's usage is in x_groq.usage (every Groq stream, unasked: Groq has no stream_options).
 */
export function groqLastChunk(stopChunk: Record<string, unknown>, usage = GROQ_DEFAULT_USAGE): string {
  return sse({ ...stopChunk, x_groq: { id: 'req_fake', usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } });
}

/** Ends the response, or with `reset` destroys its socket mid-body, as a crashed upstream or a dropped network does. */
export function endOrBreak(res: ServerResponse, reset: boolean): void {
  if (reset) res.socket?.destroy();
  else res.end();
}
