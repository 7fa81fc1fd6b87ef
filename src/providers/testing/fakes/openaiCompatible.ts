import { answerOpenAIFinishSignal, groqLastChunk } from './finishSignals';
import { checkJsonContentType, isRecord, sendHuge, sendJson, sendPaddedJson, splitIntoChunks, writeForever, writeSlowly } from './http';
import { answerModelList, checkStreamOptionsDocumented } from './openaiModels';
import { checkOpenAIChatBody, checkOpenAIFlavour, maskKey, openaiError, openaiErrorBody, parseMultipart, type OpenAIFlavour } from './openaiRequest';
import { readUploadSeconds, transcriptionUsage } from './openaiTranscription';
import type { FakeExchange, Protocol } from './types';

// ---------------------------------------------------------------------------
// OpenAI-compatible (chat completions, audio transcriptions): the protocol and its answers.
// The request checks, error bodies and host flavours are in ./openaiRequest.

const openaiSse = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`;

const FAKE_USAGE = { prompt_tokens: 8, completion_tokens: 12, total_tokens: 20 };

/** A whole chat completion, as OpenAI answers a request without stream. */
function chatCompletion(model: string, content: string | null, refusal: string | null, finish: string | null, usage = true): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal }, logprobs: null, finish_reason: finish }],
    ...(usage ? { usage: FAKE_USAGE } : {}),
  };
}

/*
 * The streamed usage, as OpenAI sends it ([O-sdk] openai/openai-node at 7b7d6ca,
 * src/resources/chat/completions/completions.ts): only for a request with
 * stream_options {include_usage: true} (ChatCompletionStreamOptions, l.1871-1895:
 * "an additional chunk will be streamed before the `data: [DONE]` message ...
 * the `choices` field will always be an empty array. All other chunks will also
 * include a `usage` field, but with a null value"). Hosts that send it unasked
 * (OpenRouter) are scripted with `usageChunk: true`.
 */
const STREAM_OPTIONS_FIELDS = ['include_usage', 'include_obfuscation'];

function checkStreamOptions(json: unknown, problems: string[]): void {
  if (!isRecord(json) || json.stream_options === undefined || json.stream_options === null) return;
  const options = json.stream_options;
  if (!isRecord(options)) {
    problems.push("'stream_options' must be an object");
    return;
  }
  for (const key of Object.keys(options)) if (!STREAM_OPTIONS_FIELDS.includes(key)) problems.push(`Unrecognized request argument supplied: stream_options.${key}`);
  for (const key of STREAM_OPTIONS_FIELDS) if (options[key] !== undefined && typeof options[key] !== 'boolean') problems.push(`'stream_options.${key}' must be a boolean`);
}

/** Whether a streamed request asked for the usage chunk. */
function asksForUsage(exchange: FakeExchange): boolean {
  return exchange.streamed && isRecord(exchange.json) && isRecord(exchange.json.stream_options) && exchange.json.stream_options.include_usage === true;
}

/** A stream chunk; `usage`: the request asked for usage, so every chunk but the usage chunk carries usage: null. */
function chatChunk(model: string, delta: Record<string, unknown>, finish: string | null, usage = false): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(usage ? { usage: null } : {}),
  };
}

/** The usage chunk: choices: [] and the whole request's usage. */
function usageChunk(model: string): Record<string, unknown> {
  return { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage: FAKE_USAGE };
}

export function openaiProtocol(flavour: OpenAIFlavour = 'openai'): Protocol {
  return {
    kind: 'openai',
    basePath: '/v1',
    async check({ exchange, raw }, res, options) {
      const paths = { '/v1/chat/completions': 'chat', '/v1/audio/transcriptions': 'audio', '/v1/models': 'models' } as const;
      const route = Object.hasOwn(paths, exchange.path) ? paths[exchange.path as keyof typeof paths] : undefined;
      if (!route) {
        openaiError(res, 404, `Invalid URL (${exchange.method} ${exchange.path})`, null);
        exchange.problems.push(`unknown path ${exchange.path}`);
        return true;
      }
      if (route === 'audio' && options.audioRoute === false) return (openaiError(res, 404, `Invalid URL (${exchange.method} ${exchange.path})`, null), exchange.problems.push('this host has no audio route'), true);
      const method = route === 'models' ? 'GET' : 'POST';
      if (exchange.method !== method) exchange.problems.push(`method must be ${method} (was ${exchange.method})`);
      if (options.apiKey !== undefined) {
        const auth = exchange.headers.authorization;
        if (auth === undefined) {
          openaiError(res, 401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", null);
          return true;
        }
        const key = /^Bearer (.+)$/.exec(auth)?.[1] ?? '';
        if (key !== options.apiKey) {
          openaiError(res, 401, `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_api_key');
          return true;
        }
      }
      // The list of models (./openaiModels), after the key check as the real host does.
      if (route === 'models') return exchange.problems.length === 0 && (answerModelList(res, options, flavour), true);
      let model: unknown;
      if (route === 'chat') {
        checkJsonContentType(exchange.headers, exchange.problems);
        checkOpenAIChatBody(exchange.json, exchange.problems);
        checkStreamOptions(exchange.json, exchange.problems);
        checkStreamOptionsDocumented(exchange.json, flavour, exchange.problems);
        checkOpenAIFlavour(exchange.json, flavour, exchange.problems);
        exchange.streamed = isRecord(exchange.json) && exchange.json.stream === true;
        model = isRecord(exchange.json) ? exchange.json.model : undefined;
      } else {
        await parseMultipart(exchange, raw);
        await readUploadSeconds(exchange, raw);
        const form = exchange.form;
        if (form) {
          if (!form.files.file) exchange.problems.push("'file' must be an uploaded file");
          else if (!form.files.file.name) exchange.problems.push("'file' needs a file name (the server reads the format from its extension)");
          if (!form.fields.model) exchange.problems.push("'model' is required");
          const format = form.fields.response_format;
          if (format !== undefined && !['json', 'text', 'srt', 'verbose_json', 'vtt'].includes(format)) exchange.problems.push(`response_format '${format}' is not supported`);
          for (const key of Object.keys(form.fields)) {
            if (!['model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities[]', 'include[]', 'stream', 'chunking_strategy'].includes(key)) exchange.problems.push(`Unrecognized form field: ${key}`);
          }
          model = form.fields.model;
        }
      }
      if (options.model !== undefined && typeof model === 'string' && model !== options.model) {
        openaiError(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, 'model_not_found');
        return true;
      }
      return false;
    },
    async answer(exchange, res, answer, delayMs) {
      const model = isRecord(exchange.json) && typeof exchange.json.model === 'string' ? exchange.json.model : exchange.form?.fields.model ?? 'model';
      const audio = exchange.path.endsWith('/audio/transcriptions');
      const usage = asksForUsage(exchange);
      const chunk = (delta: Record<string, unknown>, finish: string | null) => openaiSse(chatChunk(model, delta, finish, usage));
      switch (answer.kind) {
        case 'raw':
          res.writeHead(answer.status, answer.headers ?? {}).end(answer.body);
          return;
        case 'error': {
          const code = answer.status === 429 ? 'rate_limit_exceeded' : answer.status === 401 ? 'invalid_api_key' : null;
          const message = answer.message ?? `Fake error ${answer.status}`;
          if (answer.bodyBytes === undefined) openaiError(res, answer.status, message, code, answer.retryAfter);
          else await sendPaddedJson(res, exchange, answer.status, (m) => openaiErrorBody(answer.status, m, code), message, answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {}, answer.bodyBytes);
          return;
        }
        case 'huge':
          await sendHuge(res, exchange, answer, {
            contentType: 'application/json',
            streamContentType: 'text/event-stream; charset=utf-8',
            whole: (content) =>
              audio
                ? { text: content }
                : chatCompletion(model, content, null, 'stop', false),
            event: (content) => chunk({ content }, null),
            ending: [chunk({}, 'stop'), ...(usage ? [openaiSse(usageChunk(model))] : []), 'data: [DONE]\n\n'],
          });
          return;
        case 'cut':
        case 'groq':
          // Answers without a finish_reason, and Groq's x_groq endings (./finishSignals).
          await answerOpenAIFinishSignal(res, exchange, answer, delayMs, { chunk: (delta, finish) => chatChunk(model, delta, finish), completion: (content, finish) => chatCompletion(model, content, null, finish) });
          return;
        case 'hang':
          return;
        case 'endless':
          if (!exchange.streamed) return;
          res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
          await writeForever(res, () => chunk({ content: answer.chunk ?? 'tick ' }, null), delayMs);
          return;
        case 'openai': {
          // OpenAI-compatible signals (O1, O4, P1): finish_reason, refusals, the usage chunk, `event: error`,
          // and OpenRouter's 200-status error bodies ([OR-err]).
          const finish = answer.finishReason ?? 'stop';
          if (!exchange.streamed) {
            if (answer.errorWith200) {
              sendJson(res, 200, { error: answer.errorWith200 });
              return;
            }
            if (answer.errorEvent !== undefined) {
              openaiError(res, 500, answer.errorEvent, null);
              return;
            }
            sendJson(res, 200, chatCompletion(model, answer.refusal !== undefined ? null : (answer.text ?? ''), answer.refusal ?? null, finish));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
          const events = flavour === 'openrouter' ? [': OPENROUTER PROCESSING\n\n'] : [];
          events.push(chunk({ role: 'assistant', content: '' }, null));
          if (answer.refusal !== undefined) {
            // Chunk Choice.Delta.refusal ([O-sdk] completions.ts).
            for (const piece of splitIntoChunks(answer.refusal)) events.push(chunk({ refusal: piece }, null));
          } else {
            for (const piece of answer.chunks ?? splitIntoChunks(answer.text ?? '')) events.push(chunk({ content: piece }, null));
          }
          if (answer.errorWith200) {
            events.push(openaiSse({ error: answer.errorWith200 }));
          } else if (answer.errorEvent !== undefined) {
            // [O-sdk] src/core/streaming.ts l.104-128: the SDK throws on `event: error`, whatever its data holds.
            events.push(`event: error\ndata: ${JSON.stringify({ message: answer.errorEvent })}\n\n`);
          } else {
            events.push(chunk({}, finish));
            // "choices … Can also be empty for the last chunk if you set stream_options: {include_usage: true}" ([O-sdk] l.816-821):
            // sent when the request asked, or unasked when scripted (OpenRouter).
            if (usage || answer.usageChunk) events.push(openaiSse(usageChunk(model)));
            events.push('data: [DONE]\n\n');
          }
          if (await writeSlowly(res, events, delayMs)) res.end();
          return;
        }
        case 'streamError':
        case 'text': {
          if (audio) {
            if (answer.kind === 'streamError') openaiError(res, 500, answer.message, null);
            else sendJson(res, 200, { text: answer.text, ...transcriptionUsage(exchange, flavour, model, answer.text) });
            return;
          }
          if (!exchange.streamed) {
            if (answer.kind === 'streamError') {
              openaiError(res, 500, answer.message, null);
              return;
            }
            sendJson(res, 200, chatCompletion(model, answer.text, null, 'stop'));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
          const chunks = answer.kind === 'text' ? (answer.chunks ?? splitIntoChunks(answer.text)) : answer.chunks;
          const events = [chunk({ role: 'assistant', content: '' }, null)];
          for (const piece of chunks) events.push(chunk({ content: piece }, null));
          if (answer.kind === 'streamError') events.push(openaiSse({ error: { message: answer.message, type: 'server_error', param: null, code: null } }));
          // Groq ends every stream with its usage in x_groq (./finishSignals groqLastChunk).
          else events.push(flavour === 'groq' ? groqLastChunk(chatChunk(model, {}, 'stop')) : chunk({}, 'stop'), ...(usage ? [openaiSse(usageChunk(model))] : []), 'data: [DONE]\n\n');
          if (await writeSlowly(res, events, delayMs)) res.end();
        }
      }
    },
    badRequest(res, problems) {
      openaiError(res, 400, problems.join('; '), null);
    },
  };
}
