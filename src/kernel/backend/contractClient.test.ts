import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContractSchema } from '../contractSchema';
import { messages } from '../messages';
import {
  heldStream,
  json,
  startFakeContractServer,
  stream,
  streamedAnswer,
  type FakeContractServer,
} from '../testing/fakeContractServer';
import { createContractBackend } from './contractClient';

const schema: ContractSchema = {
  type: 'OBJECT',
  properties: { thesis: { type: 'STRING' } },
  required: ['thesis'],
};

let server: FakeContractServer;
beforeAll(async () => {
  server = await startFakeContractServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const backend = () => createContractBackend({ backendUrl: `${server.url}/`, publicKey: 'public-anon-key' });

describe('the request', () => {
  it('posts the prompt and schema to {backend}/functions/v1/gemini with a bearer key', async () => {
    server.respond(json(200, { text: '{"thesis":"Phones distract"}' }));
    await backend().generate({ prompt: 'Plan an essay', responseSchema: schema });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/functions/v1/gemini');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer public-anon-key');
    // Asks for the streaming form, and takes the plain JSON answer just as well.
    expect(request?.headers.accept).toBe('text/event-stream, application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      contents: 'Plan an essay',
      config: { responseMimeType: 'application/json', responseSchema: schema },
    });
  });

  it("names the asking tool in the body's `tool`, for the school's usage counts, and nothing else is added", async () => {
    server.respond(json(200, { text: 'Notes' }));
    await createContractBackend({ backendUrl: server.url, publicKey: 'k', tool: 'smart-notes' }).generate({ prompt: 'Notes please' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ contents: 'Notes please', tool: 'smart-notes' });
  });

  it('sends no config when text is wanted', async () => {
    server.respond(json(200, { text: '## Notes' }));
    await backend().generate({ prompt: 'Summarise' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ contents: 'Summarise' });
  });

  it('never sends the sample answer meant for the offline backend', async () => {
    server.respond(json(200, { text: 'ok' }));
    await backend().generate({ prompt: 'x', sample: 'SECRET-SAMPLE' });
    expect(server.requests[0]?.body).not.toContain('SECRET-SAMPLE');
  });
});

describe('the answer', () => {
  it('returns text as it is, and parses JSON when JSON was asked for', async () => {
    server.respond(json(200, { text: '## Notes\n- a' }));
    await expect(backend().generate({ prompt: 'x' })).resolves.toBe('## Notes\n- a');
    server.respond(json(200, { text: '{"thesis":"T"}' }));
    await expect(backend().generate({ prompt: 'x', responseSchema: schema })).resolves.toEqual({ thesis: 'T' });
  });

  it('accepts JSON wrapped in a markdown code fence', async () => {
    server.respond(json(200, { text: '```json\n{"thesis":"T"}\n```' }));
    await expect(backend().generate({ prompt: 'x', responseSchema: schema })).resolves.toEqual({ thesis: 'T' });
  });
});

describe('faults map to the spec error texts', () => {
  it('uses the error field of a non-OK response', async () => {
    server.respond(json(429, { error: 'Quota exceeded for today' }));
    await expect(backend().generate({ prompt: 'x' })).rejects.toThrow('Quota exceeded for today');
  });

  it("says 'Request failed with status {status}' when the error body is unreadable", async () => {
    server.respond((_req, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    await expect(backend().generate({ prompt: 'x' })).rejects.toThrow(messages.requestFailed(502));
    server.respond(json(500, { error: 42 }));
    await expect(backend().generate({ prompt: 'x' })).rejects.toThrow('Request failed with status 500');
  });

  it('reports invalid JSON as an invalid format', async () => {
    server.respond(json(200, { text: 'Sure! Here is your essay plan: thesis...' }));
    await expect(backend().generate({ prompt: 'x', responseSchema: schema })).rejects.toThrow(
      'The AI returned an invalid format. Please try again.',
    );
  });

  it('reports a 200 without a text field, or with a non-JSON body, as an invalid format', async () => {
    server.respond(json(200, { answer: 'wrong field' }));
    await expect(backend().generate({ prompt: 'x' })).rejects.toThrow(messages.invalidFormat);
    server.respond((_req, res) => res.writeHead(200).end('plain words'));
    await expect(backend().generate({ prompt: 'x' })).rejects.toThrow(messages.invalidFormat);
  });

  it('says the backend could not be reached on a network failure', async () => {
    const closed = await startFakeContractServer();
    const url = closed.url;
    await closed.close();
    const unreachable = createContractBackend({ backendUrl: url, publicKey: 'k' });
    await expect(unreachable.generate({ prompt: 'x' })).rejects.toThrow(`Could not reach the AI backend at ${url}`);
  });

  it('lets an abort through as an abort, not as an error message for the user', async () => {
    server.respond(() => undefined); // Never answers.
    const controller = new AbortController();
    const pending = backend().generate({ prompt: 'x', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the streaming form', () => {
  it('asks for the stream on the same contract request, with no new body fields', async () => {
    server.respond(stream(streamedAnswer(['{"thesis":', '"T"}'])));
    await backend().generate({ prompt: 'Plan an essay', responseSchema: schema, onText: () => undefined });
    const [request] = server.requests;
    expect(request?.url).toBe('/functions/v1/gemini');
    expect(request?.headers.accept).toMatch(/^text\/event-stream\b/);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      contents: 'Plan an essay',
      config: { responseMimeType: 'application/json', responseSchema: schema },
    });
  });

  it('calls onText with the text so far on every delta, in order, and resolves with the done text', async () => {
    server.respond(stream(streamedAnswer(['## Notes', '\n- first', '\n- second']), { delayMs: 15 }));
    const seen: string[] = [];
    const answer = await backend().generate({ prompt: 'x', onText: (text) => seen.push(text) });
    expect(seen).toEqual(['## Notes', '## Notes\n- first', '## Notes\n- first\n- second']);
    expect(answer).toBe('## Notes\n- first\n- second');
  });

  it('joins the deltas into the answer when done does not repeat them (the gateway sends done as {})', async () => {
    server.respond((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      res.end('event: delta\ndata: {"text":"{\\"thesis\\":"}\n\nevent: delta\ndata: {"text":"\\"Bees\\"}"}\n\nevent: done\ndata: {}\n\n');
    });
    await expect(backend().generate({ prompt: 'x', responseSchema: schema, onText: () => undefined })).resolves.toEqual({ thesis: 'Bees' });
  });

  it('gives each delta as it arrives, before the stream is over', async () => {
    const held = heldStream();
    server.respond(held.responder);
    const seen: string[] = [];
    let settled = false;
    const pending = backend()
      .generate({ prompt: 'x', onText: (text) => seen.push(text) })
      .finally(() => {
        settled = true;
      });
    await held.opened;
    held.send({ event: 'delta', data: { text: 'Photosynthesis ' } });
    await vi.waitFor(() => expect(seen).toEqual(['Photosynthesis ']));
    expect(settled).toBe(false);
    held.send({ event: 'delta', data: { text: 'makes sugar.' } });
    held.send({ event: 'done', data: { text: 'Photosynthesis makes sugar.' } });
    held.end();
    await expect(pending).resolves.toBe('Photosynthesis makes sugar.');
    expect(seen).toEqual(['Photosynthesis ', 'Photosynthesis makes sugar.']);
  });

  it('parses the done text as JSON when a schema was sent, fenced or not', async () => {
    server.respond(stream(streamedAnswer(['{"thes', 'is":"Phones', ' distract"}'])));
    await expect(backend().generate({ prompt: 'x', responseSchema: schema })).resolves.toEqual({ thesis: 'Phones distract' });
    server.respond(stream(streamedAnswer(['```json\n{"thesis":', '"T"}\n```'])));
    await expect(backend().generate({ prompt: 'x', responseSchema: schema })).resolves.toEqual({ thesis: 'T' });
  });

  it('splits and joins events however the bytes arrive (one event across writes, several in one)', async () => {
    server.respond((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      res.write('event: delta\ndata: {"text":"Caf');
      setTimeout(() => {
        // A multi-byte character split across writes, then two events in one write.
        const bytes = Buffer.from('\u00e9 "}\n\nevent: delta\ndata: {"text":"au lait"}\n\nevent: done\ndata: {"text":"Caf\u00e9 au lait"}\n\n');
        res.write(bytes.subarray(0, 1));
        setTimeout(() => res.end(bytes.subarray(1)), 10);
      }, 10);
    });
    const seen: string[] = [];
    await expect(backend().generate({ prompt: 'x', onText: (t) => seen.push(t) })).resolves.toBe('Caf\u00e9 au lait');
    expect(seen).toEqual(['Caf\u00e9 ', 'Caf\u00e9 au lait']);
  });

  it('reports a done text that is not JSON, when JSON was asked for, as an invalid format', async () => {
    server.respond(stream(streamedAnswer(['Sure! Here ', 'is your plan'])));
    await expect(backend().generate({ prompt: 'x', responseSchema: schema })).rejects.toThrow(messages.invalidFormat);
  });

  it('rejects with the message of an error event', async () => {
    server.respond(
      stream([
        { event: 'delta', data: { text: 'Half an ans' } },
        { event: 'error', data: { error: 'The model provider is busy. Please try again.' } },
      ]),
    );
    const seen: string[] = [];
    await expect(backend().generate({ prompt: 'x', onText: (t) => seen.push(t) })).rejects.toThrow(
      'The model provider is busy. Please try again.',
    );
    expect(seen).toEqual(['Half an ans']);
  });

  it("rejects a blank error event with 'An unknown error occurred.'", async () => {
    server.respond(stream([{ event: 'error', data: { error: ' ' } }]));
    await expect(backend().generate({ prompt: 'x' })).rejects.toThrow(messages.unknown);
  });

  it('rejects a stream that ends without done as a lost connection', async () => {
    server.respond(stream([{ event: 'delta', data: { text: 'The start of' } }]));
    await expect(backend().generate({ prompt: 'x' })).rejects.toThrow(
      'The connection to the AI backend was lost before the answer was complete.',
    );
  });

  it('rejects a connection dropped mid-stream as a lost connection', async () => {
    const held = heldStream();
    server.respond(held.responder);
    const pending = backend().generate({ prompt: 'x' });
    await held.opened;
    held.send({ event: 'delta', data: { text: 'The start' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The socket goes away without the chunked body's end.
    held.drop();
    await expect(pending).rejects.toThrow(messages.connectionLost);
  });

  it('ignores events it does not know, and comments', async () => {
    server.respond((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(': keep-alive\n\nevent: progress\ndata: {}\n\nevent: delta\ndata: {"text":"ok"}\n\nevent: done\ndata: {"text":"ok"}\n\n');
    });
    await expect(backend().generate({ prompt: 'x' })).resolves.toBe('ok');
  });

  it('falls back to the plain contract when the backend answers JSON, without calling onText', async () => {
    server.respond(json(200, { text: '{"thesis":"Plain"}' }));
    const onText = vi.fn();
    await expect(backend().generate({ prompt: 'x', responseSchema: schema, onText })).resolves.toEqual({ thesis: 'Plain' });
    expect(onText).not.toHaveBeenCalled();
    expect(server.requests[0]?.headers.accept).toContain('text/event-stream');
  });

  it('answers non-OK before the stream with the plain {error}', async () => {
    server.respond(json(401, { error: 'Invalid client key.' }));
    await expect(backend().generate({ prompt: 'x', onText: () => undefined })).rejects.toThrow('Invalid client key.');
  });

  it('aborting mid-stream rejects as an abort and closes the connection, so the backend stops', async () => {
    const held = heldStream();
    server.respond(held.responder);
    const controller = new AbortController();
    const seen: string[] = [];
    const pending = backend().generate({ prompt: 'x', signal: controller.signal, onText: (t) => seen.push(t) });
    await held.opened;
    held.send({ event: 'delta', data: { text: 'Never finished' } });
    await vi.waitFor(() => expect(seen).toEqual(['Never finished']));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // The server sees its client go away before the stream was ended.
    await expect(held.closed).resolves.toBe(true);
  });
});
