/*
 * A server-sent event stream as the bench's clients read it: GET with the
 * session's headers, split into event blocks, comments (heartbeats) skipped.
 * Only the opening is timed out: the stream lives as long as its client.
 */

export interface StreamEvent {
  event: string;
  data: string;
}

export class StreamError extends Error {}

/** One event block's name and data; undefined for a block of comments only (a heartbeat, the greeting). */
export function parseEventBlock(block: string): StreamEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    fields += 1;
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  return fields === 0 ? undefined : { event, data: data.join('\n') };
}

export interface OpenStream {
  close(): void;
}

/**
 * Opens the stream at `url` and resolves once the gateway has answered (it is listening from then on). `onEvent`
 * gets every event; `onEnd` is called once, with why, when the stream ends or fails (also after close()).
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
  handlers: { onEvent(event: StreamEvent): void; onEnd(error: StreamError): void },
  openingTimeoutMs: number,
): Promise<OpenStream> {
  const abort = new AbortController();
  const openingTimer = setTimeout(() => abort.abort(), openingTimeoutMs);
  const response = await fetch(url, { headers: { ...headers, Accept: 'text/event-stream' }, signal: abort.signal }).finally(() => clearTimeout(openingTimer));
  if (!response.ok || !response.body) throw new StreamError(`events answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffered = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value.replace(/\r\n?/g, '\n');
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const event = parseEventBlock(buffered.slice(0, end));
          buffered = buffered.slice(end + 2);
          if (event) handlers.onEvent(event);
        }
      }
      handlers.onEnd(new StreamError('the event stream ended'));
    } catch (error) {
      handlers.onEnd(abort.signal.aborted ? new StreamError('the event stream was closed') : new StreamError(`the event stream failed: ${String(error)}`));
    }
  })();
  return {
    close() {
      abort.abort();
      void reader.cancel().catch(() => undefined);
    },
  };
}
