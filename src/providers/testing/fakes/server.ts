import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendJson } from './http';
import { DEFAULT_TEXT, type FakeAnswer, type FakeExchange, type FakeProviderOptions, type FakeProviderServer, type Protocol } from './types';

// ---------------------------------------------------------------------------
// The shared server: records exchanges, checks each request with the provider's
// Protocol, then answers it from the script.

export async function startFake(protocol: Protocol, options: FakeProviderOptions): Promise<FakeProviderServer> {
  const exchanges: FakeExchange[] = [];
  let queue: FakeAnswer[] = options.script && options.script.length > 0 ? [...options.script] : [{ kind: 'text', text: DEFAULT_TEXT }];
  const delayMs = options.chunkDelayMs ?? 15;
  const closeWaiters = new Map<FakeExchange, () => void>();

  const nextAnswer = (): FakeAnswer => {
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    return answer ?? { kind: 'text', text: DEFAULT_TEXT };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      const body = raw.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body) as unknown;
      } catch {
        json = undefined;
      }
      const exchange: FakeExchange = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        json,
        problems: [],
        streamed: false,
        responseEnded: false,
        closedByClient: false,
        bytesSent: 0,
      };
      exchanges.push(exchange);
      res.on('finish', () => {
        exchange.responseEnded = true;
      });
      res.on('close', () => {
        if (!res.writableFinished) {
          exchange.closedByClient = true;
          closeWaiters.get(exchange)?.();
        }
      });
      void (async () => {
        const answered = await protocol.check({ exchange, raw }, res, options);
        if (answered) return;
        if (exchange.problems.length > 0) {
          protocol.badRequest(res, exchange.problems);
          return;
        }
        await protocol.answer(exchange, res, nextAnswer(), delayMs);
      })().catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(error) });
        else res.destroy();
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    kind: protocol.kind,
    origin,
    baseUrl: `${origin}${protocol.basePath}`,
    exchanges,
    script(...answers) {
      queue = answers.length > 0 ? [...answers] : [{ kind: 'text', text: DEFAULT_TEXT }];
    },
    reset() {
      exchanges.length = 0;
    },
    waitForClientClose(index, timeoutMs = 2000) {
      return new Promise<void>((resolve, reject) => {
        const exchange = exchanges[index];
        if (exchange?.closedByClient) {
          resolve();
          return;
        }
        const timer = setTimeout(() => reject(new Error(`The client did not close exchange ${index} within ${timeoutMs} ms`)), timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        if (exchange) closeWaiters.set(exchange, done);
        else {
          // Not arrived yet: poll until it does.
          const poll = setInterval(() => {
            const arrived = exchanges[index];
            if (!arrived) return;
            clearInterval(poll);
            if (arrived.closedByClient) done();
            else closeWaiters.set(arrived, done);
          }, 5);
        }
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
