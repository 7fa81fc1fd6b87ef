import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local server speaking the seed's backend contract (spec 7.1), for tests.
 * Each test says how it answers; every request is recorded as received.
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

export async function startFakeContractServer(): Promise<FakeContractServer> {
  const requests: ReceivedRequest[] = [];
  let responder: Responder = (_req, res) => res.writeHead(500).end();
  const server = createServer((req, res) => {
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function json(status: number, body: unknown): Responder {
  return (_req, res) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}
