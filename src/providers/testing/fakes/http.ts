import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { FakeAnswer, FakeExchange } from './types';

/*
 * Helpers shared by the fake provider servers: request-shape checks and the
 * ways answers are written (slowly, respecting backpressure, padded, huge).
 */

// ---------------------------------------------------------------------------
// Small helpers

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Word by word, spaces kept, so the pieces join back into the text. */
export function splitIntoChunks(text: string): string[] {
  const pieces = text.match(/\s*\S+\s*/g);
  return pieces && pieces.length > 0 ? pieces : [text];
}

export function unknownKeys(value: Record<string, unknown>, allowed: readonly string[], where: string, problems: string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.push(`${where}: unknown field "${key}"`);
  }
}

export function checkJsonContentType(headers: IncomingHttpHeaders, problems: string[]): void {
  const type = headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) problems.push(`Content-Type must be application/json (was "${type}")`);
}

/** Standard JSON Schema as OpenAI and Ollama take it: lower-case types, no OpenAPI upper-case. */
export function checkJsonSchema(schema: unknown, where: string, problems: string[]): void {
  if (!isRecord(schema)) {
    problems.push(`${where}: a JSON schema must be an object`);
    return;
  }
  const types = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
  const type = schema.type;
  const typeList = Array.isArray(type) ? type : [type];
  for (const t of typeList) {
    if (typeof t !== 'string' || !types.includes(t)) problems.push(`${where}.type: ${JSON.stringify(t)} is not a JSON Schema type`);
  }
  if (schema.properties !== undefined) {
    if (!isRecord(schema.properties)) problems.push(`${where}.properties must be an object`);
    else for (const [key, child] of Object.entries(schema.properties)) checkJsonSchema(child, `${where}.properties.${key}`, problems);
  }
  if (schema.items !== undefined) checkJsonSchema(schema.items, `${where}.items`, problems);
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((k) => typeof k === 'string'))) {
    problems.push(`${where}.required must be an array of strings`);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

/** Writes each piece cut in two (by bytes, so sometimes inside a character), with delays; stops when the client leaves. */
export async function writeSlowly(res: ServerResponse, pieces: string[], delayMs: number): Promise<boolean> {
  for (const piece of pieces) {
    const bytes = Buffer.from(piece, 'utf8');
    const cut = Math.max(1, Math.floor(bytes.length / 2));
    for (const part of [bytes.subarray(0, cut), bytes.subarray(cut)]) {
      if (res.destroyed || res.writableEnded) return false;
      if (part.length > 0) res.write(part);
      await sleep(delayMs / 2);
    }
  }
  return !res.destroyed;
}

/** Writes one piece, then waits while the socket is full (so the fake holds little); false once the client has gone. */
export async function writeRespectingBackpressure(res: ServerResponse, exchange: FakeExchange, piece: Buffer | string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  exchange.bytesSent += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
  if (!res.write(piece)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }
  return !res.destroyed;
}

/** JSON-safe filler (no quotes, backslashes or newlines), sliced from one shared buffer. */
export const FILLER = Buffer.from('All work and no play makes a very long answer. '.repeat(1400), 'utf8');

/** Writes `bytes` bytes of filler in 64 KiB pieces; false once the client has gone. */
export async function writeFiller(res: ServerResponse, exchange: FakeExchange, bytes: number): Promise<boolean> {
  const piece = 64 * 1024;
  for (let left = bytes; left > 0; left -= piece) {
    if (!(await writeRespectingBackpressure(res, exchange, FILLER.subarray(0, Math.min(piece, left))))) return false;
  }
  return true;
}

/** Where filler goes inside a JSON text: a marker put in a string value, then split around. */
export const HOLE = '@@FILL@@';

export function splitAtHole(text: string): [string, string] {
  const at = text.indexOf(HOLE);
  if (at === -1) throw new Error('the framing has no place for filler');
  return [text.slice(0, at), text.slice(at + HOLE.length)];
}

/** A provider's JSON error body, its message followed by filler up to `bodyBytes`, written progressively. */
export async function sendPaddedJson(
  res: ServerResponse,
  exchange: FakeExchange,
  status: number,
  body: (message: string) => unknown,
  message: string,
  headers: Record<string, string>,
  bodyBytes: number,
): Promise<void> {
  const [prefix, suffix] = splitAtHole(JSON.stringify(body(`${message} ${HOLE}`)));
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  const fill = Math.max(0, bodyBytes - Buffer.byteLength(prefix) - Buffer.byteLength(suffix));
  if ((await writeRespectingBackpressure(res, exchange, prefix)) && (await writeFiller(res, exchange, fill)) && (await writeRespectingBackpressure(res, exchange, suffix))) res.end();
}

/** How one provider frames a huge answer: the whole JSON body, one streamed event or line, and the stream's ending. */
export interface HugeFraming {
  contentType: string;
  streamContentType: string;
  whole(content: string): unknown;
  event(content: string): string;
  ending: string[];
}

export async function sendHuge(res: ServerResponse, exchange: FakeExchange, answer: Extract<FakeAnswer, { kind: 'huge' }>, framing: HugeFraming): Promise<void> {
  if (!exchange.streamed) {
    const [prefix, suffix] = splitAtHole(JSON.stringify(framing.whole(HOLE)));
    res.writeHead(200, { 'Content-Type': framing.contentType });
    const fill = Math.max(0, answer.bytes - Buffer.byteLength(prefix) - Buffer.byteLength(suffix));
    if ((await writeRespectingBackpressure(res, exchange, prefix)) && (await writeFiller(res, exchange, fill)) && (await writeRespectingBackpressure(res, exchange, suffix))) res.end();
    return;
  }
  res.writeHead(200, { 'Content-Type': framing.streamContentType });
  if (answer.oneLine) {
    // An event or line that starts and never ends: no newline until the body is over.
    const [prefix] = splitAtHole(framing.event(HOLE));
    if ((await writeRespectingBackpressure(res, exchange, prefix)) && (await writeFiller(res, exchange, answer.bytes - Buffer.byteLength(prefix)))) res.end();
    return;
  }
  const event = framing.event(FILLER.subarray(0, 16 * 1024).toString('utf8'));
  for (let sent = 0; sent < answer.bytes; sent += Buffer.byteLength(event)) {
    if (!(await writeRespectingBackpressure(res, exchange, event))) return;
  }
  for (const piece of framing.ending) if (!(await writeRespectingBackpressure(res, exchange, piece))) return;
  res.end();
}

export async function writeForever(res: ServerResponse, piece: () => string, delayMs: number): Promise<void> {
  while (!res.destroyed && !res.writableEnded) {
    res.write(piece());
    await sleep(delayMs);
  }
}
