import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeStreamEvent, STREAM_CONTENT_TYPE, type StreamEvent } from '../backend/streamProtocol';

/*
 * A local server speaking the seed's backend contract (spec 7.1), and its
 * streaming form (streamProtocol.ts), for tests. Each test says how it
 * answers; every request is recorded as received. With `cors`, it answers a
 * browser's preflight and lets any origin read its answers (for Playwright).
 */

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Responder = (request: ReceivedRequest, response: ServerResponse) => void;

export interface FakeContractServer {
  url: string;
  requests: ReceivedRequest[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  /** Answer OPTIONS preflights and allow any origin, for a page in a browser. */
  cors?: boolean;
}

export async function startFakeContractServer({ cors = false }: FakeServerOptions = {}): Promise<FakeContractServer> {
  const requests: ReceivedRequest[] = [];
  let responder: Responder = (_req, res) => res.writeHead(500).end();
  const server = createServer({ noDelay: true }, (req, res) => {
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            'Access-Control-Allow-Methods': 'POST, OPTIONS',
            'Access-Control-Allow-Headers': 'authorization, content-type, accept',
            'Access-Control-Max-Age': '600',
          })
          .end();
        return;
      }
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(received);
      responder(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(next) {
      responder = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A held stream keeps its connection open; a test's end closes it.
        server.closeAllConnections();
      }),
  };
}

export function json(status: number, body: unknown): Responder {
  return (_req, res) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/** Writes the status line and headers of an event stream now, before any event. */
function openStream(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': `${STREAM_CONTENT_TYPE}; charset=utf-8`, 'Cache-Control': 'no-cache' });
  res.flushHeaders();
}

export interface StreamOptions {
  /** Pause before each event, in ms. */
  delayMs?: number;
  /** End the response after the last event (false leaves it open, as a stream still being written). */
  end?: boolean;
}

/** Answers with these events, one by one with a pause between them, as real SSE. */
export function stream(events: readonly StreamEvent[], { delayMs = 10, end = true }: StreamOptions = {}): Responder {
  return (_req, res) => {
    openStream(res);
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    void (async () => {
      for (const event of events) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (closed) return;
        res.write(encodeStreamEvent(event));
      }
      if (end && !closed) res.end();
    })();
  };
}

/** The events of a complete streamed answer: the text in these pieces, then done with the whole. */
export function streamedAnswer(pieces: readonly string[]): StreamEvent[] {
  return [
    ...pieces.map((text): StreamEvent => ({ event: 'delta', data: { text } })),
    { event: 'done', data: { text: pieces.join('') } },
  ];
}

/**
 * A stream the test writes by hand: each request it answers opens a stream;
 * send() writes an event to the latest, end() ends it, and `closed` resolves
 * when the client goes away (or the stream is ended).
 */
export interface HeldStream {
  responder: Responder;
  /** Resolves once a request has been answered with the stream's headers. */
  opened: Promise<void>;
  send(event: StreamEvent): void;
  end(): void;
  /** Cuts the connection mid-stream, as a crashed server or a dropped network would. */
  drop(): void;
  /** Resolves when the connection closes; true when the client closed it before the stream was ended. */
  closed: Promise<boolean>;
}

export function heldStream(): HeldStream {
  let response: ServerResponse | undefined;
  let ended = false;
  let markOpened!: () => void;
  let markClosed!: (byClient: boolean) => void;
  const opened = new Promise<void>((resolve) => {
    markOpened = resolve;
  });
  const closed = new Promise<boolean>((resolve) => {
    markClosed = resolve;
  });
  return {
    responder(_req, res) {
      response = res;
      openStream(res);
      res.on('close', () => markClosed(!ended));
      markOpened();
    },
    opened,
    send(event) {
      if (!response) throw new Error('No request is being answered yet.');
      response.write(encodeStreamEvent(event));
    },
    end() {
      ended = true;
      response?.end();
    },
    drop() {
      ended = true;
      response?.socket?.destroy();
    },
    closed,
  };
}
