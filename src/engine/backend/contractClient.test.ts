import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractSchema } from '../contractSchema';
import { messages } from '../messages';
import { json, startFakeContractServer, type FakeContractServer } from '../testing/fakeContractServer';
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
    expect(JSON.parse(request?.body ?? '')).toEqual({
      contents: 'Plan an essay',
      config: { responseMimeType: 'application/json', responseSchema: schema },
    });
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
