import type { ServerResponse } from 'node:http';
import { checkJsonSchema, isRecord, sendHuge, sendJson, sendPaddedJson, splitIntoChunks, unknownKeys, writeForever, writeSlowly } from './http';
import { endOrBreak } from './finishSignals';
import type { FakeExchange, Protocol } from './types';

// ---------------------------------------------------------------------------
// Ollama (native API)

// docs/api.md "Generate a chat completion" lists model, messages, tools, think, format, options, stream,
// keep_alive; the server's ChatRequest also takes truncate, shift, logprobs and top_logprobs
// (ollama/ollama api/types.go l.111-129, at fb30760), so they are not rejected.
const OLLAMA_CHAT_FIELDS = ['model', 'messages', 'tools', 'format', 'options', 'stream', 'keep_alive', 'think', 'truncate', 'shift', 'logprobs', 'top_logprobs'];

/** "By default, Ollama uses a context window size of 4096 tokens" (docs/faq.mdx l.25). */
const OLLAMA_DEFAULT_NUM_CTX = 4096;

/** The fake's token estimate: about 4 characters a token. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function ollamaPromptTokens(json: unknown): number {
  if (!isRecord(json) || !Array.isArray(json.messages)) return 0;
  return estimateTokens(json.messages.map((m) => (isRecord(m) && typeof m.content === 'string' ? m.content : '')).join('\n'));
}

/** Tokens of the prompt the model read (its window less one when the prompt was cut): Ollama's prompt_eval_count. */
const ollamaPromptEval = new WeakMap<FakeExchange, number>();

/**
 * Origins Ollama lets call it from a browser: OLLAMA_ORIGINS, then http(s)://localhost, 127.0.0.1 and
 * 0.0.0.0 with any port, then app://, file://, tauri://, vscode-webview://, vscode-file:// (envconfig/config.go
 * l.85-105; "allows cross-origin requests from 127.0.0.1 and 0.0.0.0 by default", docs/faq.mdx l.222).
 */
function ollamaOriginAllowed(origin: string, extra: readonly string[]): boolean {
  const patterns = [...extra];
  for (const host of ['localhost', '127.0.0.1', '0.0.0.0']) patterns.push(`http://${host}`, `https://${host}`, `http://${host}:*`, `https://${host}:*`);
  patterns.push('app://*', 'file://*', 'tauri://*', 'vscode-webview://*', 'vscode-file://*');
  // gin-contrib/cors with AllowWildcard (server/routes.go l.1842-1872): one `*` matches any run of characters.
  return patterns.some((pattern) => {
    const escaped = pattern.trim().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    return new RegExp(`^${escaped}$`).test(origin);
  });
}

function ollamaErrorBody(message: string): unknown {
  return { error: message };
}

function ollamaError(res: ServerResponse, status: number, message: string, retryAfter?: string): void {
  sendJson(res, status, ollamaErrorBody(message), retryAfter ? { 'Retry-After': retryAfter } : {});
}

function checkOllamaBody(json: unknown, problems: string[]): void {
  if (!isRecord(json)) {
    problems.push('invalid JSON body');
    return;
  }
  unknownKeys(json, OLLAMA_CHAT_FIELDS, 'request', problems);
  if (typeof json.model !== 'string' || json.model === '') problems.push('model is required');
  if (json.options !== undefined) {
    if (!isRecord(json.options)) problems.push('options must be an object');
    else if (json.options.num_ctx !== undefined && (!Number.isInteger(json.options.num_ctx) || Number(json.options.num_ctx) <= 0)) problems.push('options.num_ctx must be a positive integer');
  }
  if (!Array.isArray(json.messages)) problems.push('messages must be an array');
  else {
    json.messages.forEach((message, i) => {
      if (!isRecord(message)) problems.push(`messages[${i}] must be an object`);
      else {
        if (!['system', 'user', 'assistant', 'tool'].includes(String(message.role))) problems.push(`messages[${i}].role is invalid`);
        if (typeof message.content !== 'string') problems.push(`messages[${i}].content must be a string`);
      }
    });
  }
  if (json.stream !== undefined && typeof json.stream !== 'boolean') problems.push('stream must be a boolean');
  if (json.format !== undefined && json.format !== 'json') checkJsonSchema(json.format, 'format', problems);
}

const ndjson = (body: unknown) => `${JSON.stringify(body)}\n`;

export function ollamaProtocol(): Protocol {
  const now = () => new Date().toISOString();
  return {
    kind: 'ollama',
    basePath: '',
    async check({ exchange }, res, options) {
      // CORS (gin-contrib/cors, server/routes.go l.1842-1872): an allowed Origin is echoed in
      // Access-Control-Allow-Origin; any other Origin is answered 403 with no CORS header, which a
      // browser reports as a network error. Requests without Origin (server to server) pass.
      const origin = exchange.headers.origin;
      if (origin !== undefined) {
        if (!ollamaOriginAllowed(origin, options.ollamaOrigins ?? [])) {
          res.writeHead(403).end();
          exchange.problems.push(`origin ${origin} is not allowed (OLLAMA_ORIGINS)`);
          return true;
        }
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Vary', 'Origin');
        if (exchange.method === 'OPTIONS') {
          res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS', 'Access-Control-Allow-Headers': 'Authorization,Content-Type,User-Agent,Accept,X-Requested-With', 'Access-Control-Max-Age': '43200' }).end();
          return true;
        }
      }
      // GET /api/tags: "List models that are available locally" (docs/api.md l.1380-1436); names carry their tag.
      if (exchange.path === '/api/tags' && (exchange.method === 'GET' || exchange.method === 'HEAD')) {
        const name = options.model === undefined ? 'llama3.2:latest' : options.model.includes(':') ? options.model : `${options.model}:latest`;
        sendJson(res, 200, { models: [{ name, model: name, modified_at: '2026-08-21T00:00:00Z', size: 2019393189, digest: 'a80c4f17acd5', details: { format: 'gguf', family: 'llama' } }] });
        return true;
      }
      if (exchange.path !== '/api/chat') {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 page not found');
        exchange.problems.push(`unknown path ${exchange.path}`);
        return true;
      }
      if (exchange.method !== 'POST') exchange.problems.push(`method must be POST (was ${exchange.method})`);
      checkOllamaBody(exchange.json, exchange.problems);
      // Context: num_ctx from options, else the server default (4096). A longer prompt is cut, keeping its
      // start and end ("truncating input prompt", llm/llama_server.go l.305-318), or, without context shift,
      // refused with 400 (l.295-299). Checked after the body: a malformed request is a 400 first.
      if (exchange.problems.length === 0 && isRecord(exchange.json)) {
        const opts = isRecord(exchange.json.options) ? exchange.json.options : {};
        const numCtx = typeof opts.num_ctx === 'number' ? opts.num_ctx : (options.ollamaDefaultNumCtx ?? OLLAMA_DEFAULT_NUM_CTX);
        const tokens = ollamaPromptTokens(exchange.json);
        ollamaPromptEval.set(exchange, tokens);
        if (tokens > numCtx - 1) {
          if (options.ollamaContextShift === false) {
            ollamaError(res, 400, 'the prompt is longer than the context length currently available to the model; shorten the prompt, adjust the context length in settings, or use a model with a longer context length');
            return true;
          }
          exchange.contextTruncated = true;
          ollamaPromptEval.set(exchange, numCtx - 1);
        }
      }
      // Ollama streams unless told otherwise.
      exchange.streamed = !(isRecord(exchange.json) && exchange.json.stream === false);
      const model = isRecord(exchange.json) ? exchange.json.model : undefined;
      if (options.model !== undefined && typeof model === 'string' && model !== options.model) {
        ollamaError(res, 404, `model "${model}" not found, try pulling it first`);
        return true;
      }
      return false;
    },
    async answer(exchange, res, answer, delayMs) {
      const model = isRecord(exchange.json) && typeof exchange.json.model === 'string' ? exchange.json.model : 'model';
      // The final line (and a whole answer) has done: true and done_reason, "the reason the model stopped generating
      // text" (api/types.go l.539-540): "stop", or "length" at the token limit (llm/server.go l.253-262).
      const line = (content: string, done: boolean, doneReason = 'stop') => ({
        model,
        created_at: now(),
        message: { role: 'assistant', content },
        ...(done ? { done_reason: doneReason, done: true, total_duration: 1_000_000, prompt_eval_count: ollamaPromptEval.get(exchange) ?? 0, eval_count: 12 } : { done: false }),
      });
      switch (answer.kind) {
        case 'raw':
          res.writeHead(answer.status, answer.headers ?? {}).end(answer.body);
          return;
        case 'error': {
          const message = answer.message ?? `fake error ${answer.status}`;
          if (answer.bodyBytes === undefined) ollamaError(res, answer.status, message, answer.retryAfter);
          else await sendPaddedJson(res, exchange, answer.status, ollamaErrorBody, message, answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {}, answer.bodyBytes);
          return;
        }
        case 'huge':
          await sendHuge(res, exchange, answer, {
            contentType: 'application/json; charset=utf-8',
            streamContentType: 'application/x-ndjson',
            whole: (content) => line(content, true),
            event: (content) => ndjson(line(content, false)),
            ending: [ndjson(line('', true))],
          });
          return;
        case 'cut': {
          // Cut before the final done:true line (docs/api.md, "Final response"): the lines so far, then the
          // connection closes cleanly. Whole: a body with done: false, which Ollama never sends for a finished answer.
          if (!exchange.streamed) {
            sendJson(res, 200, line(answer.chunks.join(''), false));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
          if (await writeSlowly(res, answer.chunks.map((chunk) => ndjson(line(chunk, false))), delayMs)) endOrBreak(res, answer.reset === true);
          return;
        }
        case 'ollamaDone': {
          if (!exchange.streamed) {
            sendJson(res, 200, line(answer.text, true, answer.doneReason));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
          const lines = (answer.chunks ?? splitIntoChunks(answer.text)).map((chunk) => ndjson(line(chunk, false)));
          lines.push(ndjson(line('', true, answer.doneReason)));
          if (await writeSlowly(res, lines, delayMs)) res.end();
          return;
        }
        case 'hang':
          return;
        case 'endless':
          if (!exchange.streamed) return;
          res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
          await writeForever(res, () => ndjson(line(answer.chunk ?? 'tick ', false)), delayMs);
          return;
        case 'streamError':
        case 'text': {
          if (!exchange.streamed) {
            if (answer.kind === 'streamError') ollamaError(res, 500, answer.message);
            else sendJson(res, 200, line(answer.text, true));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
          const chunks = answer.kind === 'text' ? (answer.chunks ?? splitIntoChunks(answer.text)) : answer.chunks;
          const lines = chunks.map((chunk) => ndjson(line(chunk, false)));
          lines.push(answer.kind === 'text' ? ndjson(line('', true)) : ndjson({ error: answer.message }));
          if (await writeSlowly(res, lines, delayMs)) res.end();
        }
      }
    },
    badRequest(res, problems) {
      ollamaError(res, 400, problems.join('; '));
    },
  };
}
