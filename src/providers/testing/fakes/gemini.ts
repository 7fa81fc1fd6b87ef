import type { ServerResponse } from 'node:http';
import { checkJsonContentType, sendHuge, sendJson, sendPaddedJson, splitIntoChunks, writeForever, writeSlowly } from './http';
import { checkGeminiBody, geminiAudioUsage, geminiError, geminiErrorBody, GEMINI_DOCUMENTED_MODELS } from './geminiRequest';
import type { FakeAnswer, FakeExchange, Protocol } from './types';

// ---------------------------------------------------------------------------
// Gemini (generativelanguage.googleapis.com, v1beta): the protocol and its answers.
// The request checks, error bodies and documented models are in ./geminiRequest.

const TEXT_USAGE = { promptTokenCount: 8, candidatesTokenCount: 12, totalTokenCount: 20 };

/** `usage`: the final chunk's usageMetadata (a transcription's: geminiAudioUsage). */
function geminiResponse(text: string, model: string, final: boolean, usage: Record<string, unknown> = TEXT_USAGE): Record<string, unknown> {
  return {
    candidates: [
      {
        content: { parts: [{ text }], role: 'model' },
        ...(final ? { finishReason: 'STOP' } : {}),
        index: 0,
      },
    ],
    ...(final ? { usageMetadata: usage } : {}),
    modelVersion: model,
    responseId: 'fake-response-id',
  };
}

const geminiSse = (body: unknown) => `data: ${JSON.stringify(body)}\r\n\r\n`;

/*
 * Endings other than STOP, in the shapes of googleapis/js-genai src/types.ts (at 6e9b35c):
 * Candidate.finishReason and finishMessage (l.3615-3629; FinishReason values l.466-526, "When streaming,
 * [content][] is empty if content filters blocks the output"), and promptFeedback.blockReason (l.3715:
 * "Sent only in the first stream chunk. Only happens when no candidates were generated due to content
 * violations"; BlockedReason values l.614-647).
 */
/*
 * usageMetadata ([G-sdk] src/types.ts GenerateContentResponseUsageMetadata, l.3664-3690): the fake's answers
 * cost 8 prompt tokens and, when text was generated, 12 candidate tokens. `generated`: text came before this
 * chunk or in it, so a stream's last chunk holds the whole answer's totals even when it carries no text.
 */
function geminiStopped(model: string, finishReason: string, finishMessage: string | undefined, text: string, generated = text !== ''): Record<string, unknown> {
  return {
    candidates: [
      {
        ...(text ? { content: { parts: [{ text }], role: 'model' } } : {}),
        finishReason,
        ...(finishMessage ? { finishMessage } : {}),
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 8, candidatesTokenCount: generated ? 12 : 0, totalTokenCount: generated ? 20 : 8 },
    modelVersion: model,
    responseId: 'fake-response-id',
  };
}

function geminiBlocked(model: string, blockReason: string): Record<string, unknown> {
  return { promptFeedback: { blockReason }, usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 }, modelVersion: model, responseId: 'fake-response-id' };
}

/**
 * A bare error object, pretty-printed as Google prints its JSON, not framed as an SSE event: the official
 * SDK checks each raw network chunk for one (googleapis/js-genai src/_api_client.ts l.708-731).
 */
const geminiBareError = (message: string) => JSON.stringify({ error: { code: 500, message, status: 'INTERNAL' } }, null, 2);

async function answerGeminiEnding(exchange: FakeExchange, res: ServerResponse, answer: Extract<FakeAnswer, { kind: 'gemini' }>, model: string, delayMs: number): Promise<void> {
  const text = answer.text ?? '';
  if (!exchange.streamed) {
    if (answer.bareError !== undefined) geminiError(res, 500, answer.bareError);
    else if (answer.blockReason !== undefined) sendJson(res, 200, geminiBlocked(model, answer.blockReason));
    else sendJson(res, 200, geminiStopped(model, answer.finishReason ?? 'STOP', answer.finishMessage, text));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  if (answer.blockReason !== undefined) {
    if (await writeSlowly(res, [geminiSse(geminiBlocked(model, answer.blockReason))], delayMs)) res.end();
    return;
  }
  const chunks = answer.chunks ?? (text ? splitIntoChunks(text) : []);
  const pieces = chunks.map((chunk) => geminiSse(geminiResponse(chunk, model, false)));
  if (answer.bareError !== undefined) pieces.push(geminiBareError(answer.bareError));
  else pieces.push(geminiSse(geminiStopped(model, answer.finishReason ?? 'STOP', answer.finishMessage, '', chunks.length > 0)));
  if (await writeSlowly(res, pieces, delayMs)) res.end();
}

export function geminiProtocol(): Protocol {
  return {
    kind: 'gemini',
    basePath: '',
    async check({ exchange }, res, options) {
      const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(exchange.path);
      if (!match) {
        geminiError(res, 404, `Requested entity was not found: ${exchange.method} ${exchange.path}`);
        exchange.problems.push(`unknown path ${exchange.path}`);
        return true;
      }
      if (exchange.method !== 'POST') exchange.problems.push(`method must be POST (was ${exchange.method})`);
      const [, model, method] = match;
      exchange.streamed = method === 'streamGenerateContent';
      if (exchange.streamed && exchange.query.alt !== 'sse') exchange.problems.push('streamGenerateContent needs ?alt=sse for server-sent events');
      if (!exchange.streamed && exchange.query.alt !== undefined) exchange.problems.push('generateContent takes no alt parameter');
      if ('key' in exchange.query) exchange.problems.push('the API key must travel in the x-goog-api-key header, not in the URL');
      checkJsonContentType(exchange.headers, exchange.problems);
      const key = exchange.headers['x-goog-api-key'];
      if (options.apiKey !== undefined) {
        if (key === undefined) {
          geminiError(res, 403, 'Method doesn\'t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.');
          return true;
        }
        if (key !== options.apiKey) {
          geminiError(res, 400, 'API key not valid. Please pass a valid API key.', { reason: 'API_KEY_INVALID' });
          return true;
        }
      }
      // A pinned model is the only one served; otherwise only the documented ids (GEMINI_DOCUMENTED_MODELS).
      const named = decodeURIComponent(model ?? '').replace(/^models\//, '');
      if (options.model !== undefined ? named !== options.model : !(GEMINI_DOCUMENTED_MODELS as readonly string[]).includes(named)) {
        geminiError(res, 404, `models/${model ?? ''} is not found for API version v1beta, or is not supported for generateContent.`);
        return true;
      }
      checkGeminiBody(exchange.json, exchange.problems);
      return false;
    },
    async answer(exchange, res, answer, delayMs) {
      const model = geminiModelFromPath(exchange);
      switch (answer.kind) {
        case 'raw':
          res.writeHead(answer.status, answer.headers ?? {}).end(answer.body);
          return;
        case 'error': {
          const message = answer.message ?? `Fake error ${answer.status}`;
          const extra = { ...(answer.reason ? { reason: answer.reason } : {}), ...(answer.retryAfter ? { retryAfter: answer.retryAfter } : {}) };
          if (answer.bodyBytes === undefined) geminiError(res, answer.status, message, extra);
          else await sendPaddedJson(res, exchange, answer.status, (m) => geminiErrorBody(answer.status, m, extra), message, answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {}, answer.bodyBytes);
          return;
        }
        case 'huge':
          await sendHuge(res, exchange, answer, {
            contentType: 'application/json; charset=UTF-8',
            streamContentType: 'text/event-stream',
            whole: (content) => geminiResponse(content, model, true),
            event: (content) => geminiSse(geminiResponse(content, model, false)),
            ending: [geminiSse(geminiResponse('', model, true))],
          });
          return;
        case 'hang':
          return;
        case 'gemini':
          await answerGeminiEnding(exchange, res, answer, model, delayMs);
          return;
        case 'endless':
          if (!exchange.streamed) return;
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          await writeForever(res, () => geminiSse(geminiResponse(answer.chunk ?? 'tick ', model, false)), delayMs);
          return;
        case 'streamError':
        case 'text': {
          if (!exchange.streamed) {
            if (answer.kind === 'streamError') {
              geminiError(res, 500, answer.message);
              return;
            }
            sendJson(res, 200, geminiResponse(answer.text, model, true, geminiAudioUsage(exchange.json, answer.text)));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          const chunks = answer.kind === 'text' ? (answer.chunks ?? splitIntoChunks(answer.text)) : answer.chunks;
          const events = chunks.map((chunk, i) => geminiSse(geminiResponse(chunk, model, answer.kind === 'text' && i === chunks.length - 1)));
          if (answer.kind === 'streamError') events.push(geminiSse({ error: { code: 500, message: answer.message, status: 'INTERNAL' } }));
          if (await writeSlowly(res, events, delayMs)) res.end();
        }
      }
    },
    badRequest(res, problems) {
      geminiError(res, 400, problems.join('; '));
    },
  };
}

function geminiModelFromPath(exchange: FakeExchange): string {
  return decodeURIComponent(/\/models\/([^/:]+):/.exec(exchange.path)?.[1] ?? 'gemini');
}
