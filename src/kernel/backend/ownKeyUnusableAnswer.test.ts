import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { runTool } from '../runTool';
import { startFakeOpenAI, type FakeProviderServer } from '../../providers/testing/fakeProviders';
import { jsonValidateFailedAnswer } from '../../providers/testing/fakes/openaiRequest';
import { createProviderBackend } from './providerBackend';
import { summaryTool } from '../testing/summaryTool';

/*
 * With the user's own key the browser meets Groq's 400 json_validate_failed
 * itself: it is an unusable answer there too, asked for once more, never
 * "refused (status 400)".
 */

const KEY = 'gsk-users-own-key-0123456789';
let fake: FakeProviderServer;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY, model: 'kimi-test', chunkDelayMs: 2 });
});
afterAll(async () => fake.close());


const backend = () => createProviderBackend({ provider: 'openai', apiKey: KEY, model: 'kimi-test', baseUrl: fake.baseUrl });

describe("own-key mode and Groq's json_validate_failed", () => {
  it('asks once more and shows the second answer', async () => {
    fake.reset();
    fake.script(jsonValidateFailedAnswer('{"summary": "Half'), { kind: 'text', text: '{"summary": "Water moves across a membrane."}' });
    await expect(runTool(summaryTool, { topic: 'osmosis' }, backend(), { onText: () => undefined })).resolves.toEqual({ kind: 'json', data: { summary: 'Water moves across a membrane.' } });
    expect(fake.exchanges).toHaveLength(2);
  });

  it('shows the invalid-format message when the retry fails the same way', async () => {
    fake.reset();
    fake.script(jsonValidateFailedAnswer('{"summary": "Half'));
    await expect(runTool(summaryTool, { topic: 'osmosis' }, backend())).rejects.toThrow(messages.invalidFormat);
    expect(fake.exchanges).toHaveLength(2);
  });
});
