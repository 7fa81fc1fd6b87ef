import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../kernel/messages';
import { heldStream, json, startFakeContractServer, type FakeContractServer } from '../../kernel/testing/fakeContractServer';
import { startFakeGemini, type FakeProviderServer } from '../../providers/testing/fakeProviders';
import { CONNECTION_TEST_PROMPT, testConnection } from './testConnection';

/*
 * Settings' Test connection against real local HTTP servers: what it reports
 * is what a tool would show for the same fault (spec 8's texts and ours), and
 * it sends the fixed prompt only.
 */

let backend: FakeContractServer;
let gemini: FakeProviderServer;
beforeAll(async () => {
  backend = await startFakeContractServer();
  gemini = await startFakeGemini({ apiKey: 'AIza-own', model: 'gemini-test' });
});
afterAll(async () => {
  await backend.close();
  await gemini.close();
});
beforeEach(() => {
  backend.requests.length = 0;
});

const contract = (backendUrl = backend.url) => ({ backendUrl, publicKey: 'public-anon-key' });

describe('success', () => {
  it('says the offline sample backend answered, and that it is not an AI model', async () => {
    const result = await testConnection({ backendUrl: '', publicKey: '' });
    expect(result).toEqual({
      ok: true,
      message: 'Connected: the offline sample backend. It answers every tool with a built-in example, not an AI model, and nothing leaves this browser.',
    });
  });

  it('sends only the fixed prompt to the contract backend, with its key, and names the backend', async () => {
    backend.respond(json(200, { text: 'OK' }));
    const result = await testConnection(contract());
    expect(result).toEqual({ ok: true, message: `Connected: the backend at ${backend.url} answered.` });
    expect(backend.requests).toHaveLength(1);
    const [request] = backend.requests;
    expect(request?.url).toBe('/functions/v1/gemini');
    expect(request?.headers.authorization).toBe('Bearer public-anon-key');
    // No tool id, no schema, nothing a student typed.
    expect(JSON.parse(request?.body ?? '')).toEqual({ contents: CONNECTION_TEST_PROMPT });
  });

  it('calls the provider of the own key, which wins over a backend URL, and names provider and model', async () => {
    gemini.reset();
    gemini.script({ kind: 'text', text: 'OK' });
    const result = await testConnection({
      ...contract(),
      ownKey: { provider: 'gemini', apiKey: 'AIza-own', model: 'gemini-test', baseUrl: gemini.baseUrl },
    });
    expect(result).toEqual({ ok: true, message: 'Connected: Google Gemini answered with the model gemini-test, using your own key.' });
    expect(gemini.exchanges).toHaveLength(1);
    expect(backend.requests).toHaveLength(0);
    expect(JSON.stringify(gemini.exchanges[0])).toContain(CONNECTION_TEST_PROMPT);
  });
});

describe('errors, as a tool would show them', () => {
  it('an address where nothing listens: the unreachable text naming the address', async () => {
    const gone = await startFakeContractServer();
    await gone.close();
    expect(await testConnection(contract(gone.url))).toEqual({ ok: false, message: messages.backendUnreachable(gone.url) });
  });

  it("a 401 with the backend's error: that error", async () => {
    backend.respond(json(401, { error: 'Invalid JWT' }));
    expect(await testConnection(contract())).toEqual({ ok: false, message: 'Invalid JWT' });
  });

  it('a 401 or 500 without a readable error: "Request failed with status {status}"', async () => {
    backend.respond((_req, res) => res.writeHead(401).end('nope'));
    expect(await testConnection(contract())).toEqual({ ok: false, message: 'Request failed with status 401' });
    backend.respond((_req, res) => res.writeHead(500).end());
    expect(await testConnection(contract())).toEqual({ ok: false, message: 'Request failed with status 500' });
  });

  it('a 200 that is not the contract answer: the invalid-format text', async () => {
    backend.respond(json(200, { answer: 'OK' }));
    expect(await testConnection(contract())).toEqual({ ok: false, message: 'The AI returned an invalid format. Please try again.' });
  });
});

describe('bounded', () => {
  it('stops at its time limit, and lets the connection go', async () => {
    const held = heldStream();
    backend.respond(held.responder);
    const started = Date.now();
    const result = await testConnection(contract(), { timeoutMs: 1000 });
    expect(result).toEqual({ ok: false, message: messages.connectionTestTimedOut(1) });
    expect(result.message).toMatch(/^No answer within 1 second, so the test stopped\./);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await held.closed).toBe(true);
  });

  it('is cancelled by its signal, before or during the request', async () => {
    const held = heldStream();
    backend.respond(held.responder);
    const controller = new AbortController();
    const testing = testConnection(contract(), { signal: controller.signal });
    await held.opened;
    controller.abort();
    expect(await testing).toEqual({ ok: false, message: 'Cancelled.' });
    expect(await held.closed).toBe(true);

    backend.requests.length = 0;
    expect(await testConnection(contract(), { signal: AbortSignal.abort() })).toEqual({ ok: false, message: 'Cancelled.' });
    expect(backend.requests).toHaveLength(0);
  });
});
