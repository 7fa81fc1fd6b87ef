import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../server/app';
import { gatewaySettingsFromEnv } from '../server/config';
import essayBuddy from '../registry/essay-buddy';
import smartNotes from '../registry/smart-notes';
import { createContractBackend } from '../src/engine/backend/contractClient';
import { createProviderBackend } from '../src/engine/backend/providerBackend';
import type { Backend } from '../src/engine/backend/types';
import { createGeminiProvider } from '../src/engine/providers/gemini';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeExchange, type FakeProviderServer } from '../src/engine/testing/fakeProviders';
import { ENGINE_REFINEMENTS } from '../src/engine/refine/changeRequests';
import { produceAnswer } from '../src/engine/refine/produceAnswer';

/*
 * Issue 13, through every real path a request takes: the follow-up request
 * that reaches the provider (the strict fakes of src/engine/testing/fakes,
 * which refuse what the real APIs refuse) carries the previous result, the
 * change, the output language and the reading level, asks for the same
 * schema, and its answer comes back validated. Own-key providers in the
 * browser's code, and the gateway (our Hono app, in process) in front of one.
 */

const KEY = 'AIza-refine-test-key';
const OPENAI_KEY = 'sk-refine-test-key-0123456789';
let gemini: FakeProviderServer;
let openai: FakeProviderServer;
let ollama: FakeProviderServer;
beforeAll(async () => {
  [gemini, openai, ollama] = await Promise.all([
    startFakeGemini({ apiKey: KEY }),
    startFakeOpenAI({ apiKey: OPENAI_KEY, model: 'gpt-4o-mini' }),
    startFakeOllama({ model: 'llama3.2' }),
  ]);
});
afterAll(() => Promise.all([gemini.close(), openai.close(), ollama.close()]));

/** The one prompt text a provider received, however its API carries it. */
function promptOf(exchange: FakeExchange | undefined): string {
  const body = exchange?.json as { contents?: { parts: { text?: string }[] }[]; messages?: { content: string }[] } | undefined;
  if (body?.contents) return body.contents.flatMap((c) => c.parts.map((p) => p.text ?? '')).join('\n');
  return (body?.messages ?? []).map((m) => m.content).join('\n');
}

/** Whether the provider was asked for JSON fitting a schema, in its own API's words. */
function askedForSchema(exchange: FakeExchange | undefined): boolean {
  const body = exchange?.json as Record<string, unknown> | undefined;
  const generationConfig = body?.generationConfig as { responseMimeType?: string; responseSchema?: unknown } | undefined;
  const responseFormat = body?.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
  if (generationConfig) return generationConfig.responseMimeType === 'application/json' && generationConfig.responseSchema !== undefined;
  if (responseFormat) return responseFormat.type === 'json_schema' && responseFormat.json_schema?.schema !== undefined;
  return typeof body?.format === 'object' && body.format !== null; // Ollama: a JSON schema in `format`.
}

const previous = {
  kind: 'json' as const,
  data: {
    thesis: 'PREVIOUS THESIS 123: phones distract more than they help.',
    structure: ['Intro with a statistic', 'Attention', 'Wellbeing', 'Counter-argument', 'Conclusion'],
    introParagraph: 'PREVIOUS INTRO 456.',
  },
};
const revised = { thesis: 'Los teléfonos distraen.', structure: ['Introducción', 'Atención', 'Conclusión'], introParagraph: 'Los teléfonos distraen en clase.' };
const shorter = ENGINE_REFINEMENTS.find((r) => r.label === 'Shorter')!;
const spanishGrade5 = { language: 'es' as const, level: 'grade-5' as const };

interface Path {
  name: string;
  server: () => FakeProviderServer;
  backend: () => Backend;
}

const paths: Path[] = [
  { name: 'own key: Gemini', server: () => gemini, backend: () => createProviderBackend({ provider: 'gemini', apiKey: KEY, model: '', baseUrl: gemini.baseUrl }) },
  {
    name: 'own key: OpenAI-compatible',
    server: () => openai,
    backend: () => createProviderBackend({ provider: 'openai', apiKey: OPENAI_KEY, model: 'gpt-4o-mini', baseUrl: openai.baseUrl }),
  },
  { name: 'own key: Ollama', server: () => ollama, backend: () => createProviderBackend({ provider: 'ollama', apiKey: '', model: 'llama3.2', baseUrl: ollama.baseUrl }) },
  {
    name: 'the gateway, in front of Gemini',
    server: () => gemini,
    backend: () => {
      const app = createGateway({
        settings: gatewaySettingsFromEnv({ STUDYFORGE_PUBLIC_KEY: 'anon-key' }),
        text: createGeminiProvider({ apiKey: KEY, baseUrl: gemini.baseUrl }),
        transcription: null,
      });
      const viaGateway: typeof fetch = async (input, init) => app.fetch(new Request(input, init));
      return createContractBackend({ backendUrl: 'http://gateway.test', publicKey: 'anon-key' }, viaGateway);
    },
  },
];

describe.each(paths)('a refinement through $name', ({ server, backend }) => {
  it('reaches the provider with the previous result, the change, the language and the level, and the same schema', async () => {
    server().reset();
    server().script({ kind: 'text', text: JSON.stringify(revised) });
    const answer = await produceAnswer(essayBuddy, essayBuddy.example.input, backend(), { output: spanishGrade5, refine: { previous, change: shorter } });

    const exchange = server().exchanges.at(-1);
    expect(exchange?.problems).toEqual([]);
    const prompt = promptOf(exchange);
    expect(prompt).toMatch(/<previous_result>\n[\s\S]*PREVIOUS THESIS 123[\s\S]*PREVIOUS INTRO 456[\s\S]*\n<\/previous_result>/);
    expect(prompt).toContain(`<change_request>\n${shorter.instruction}\n</change_request>`);
    expect(prompt).toContain('in Spanish (es)');
    expect(prompt).toContain('Reading level: write for a US grade 5 reader');
    // The original task and the user's input still travel with it, as data.
    expect(prompt).toContain(`<user_input name="topic">\n${essayBuddy.example.input.topic}\n</user_input>`);
    expect(askedForSchema(exchange)).toBe(true);
    expect(answer).toEqual({ result: { kind: 'json', data: revised }, reading: null });
  });
});

describe('through one provider', () => {
  const own = () => createProviderBackend({ provider: 'openai', apiKey: OPENAI_KEY, model: 'gpt-4o-mini', baseUrl: openai.baseUrl });

  it('a markdown result is refined as text, without a schema', async () => {
    openai.reset();
    openai.script({ kind: 'text', text: 'Las plantas hacen su comida con la luz.' });
    const answer = await produceAnswer(smartNotes, smartNotes.example.input, own(), {
      output: { language: 'es', level: '' },
      refine: { previous: { kind: 'text', text: '## Notes\nPREVIOUS NOTES 789' }, change: { label: 'in Spanish', instruction: 'in Spanish, please' } },
    });
    const prompt = promptOf(openai.exchanges.at(-1));
    expect(prompt).toContain('<previous_result>\n## Notes\nPREVIOUS NOTES 789\n</previous_result>');
    expect(prompt).toContain('<change_request>\nin Spanish, please\n</change_request>');
    expect(askedForSchema(openai.exchanges.at(-1))).toBe(false);
    expect(answer.result).toEqual({ kind: 'text', text: 'Las plantas hacen su comida con la luz.' });
  });

  it('a first answer carries the language but no previous result', async () => {
    openai.reset();
    openai.script({ kind: 'text', text: JSON.stringify(revised) });
    await produceAnswer(essayBuddy, essayBuddy.example.input, own(), { output: { language: 'fr', level: '' } });
    const prompt = promptOf(openai.exchanges.at(-1));
    expect(prompt).toContain('in French (fr)');
    expect(prompt).not.toContain('<previous_result>');
    expect(prompt).not.toContain('Reading level');
  });

  it('an unusable answer to a refinement gets the repair retry, still carrying the previous result', async () => {
    openai.reset();
    openai.script({ kind: 'text', text: '{"thesis": 42}' }, { kind: 'text', text: JSON.stringify(revised) });
    const answer = await produceAnswer(essayBuddy, essayBuddy.example.input, own(), { output: spanishGrade5, refine: { previous, change: shorter } });
    expect(openai.exchanges).toHaveLength(2);
    const retry = promptOf(openai.exchanges[1]);
    expect(retry).toContain('PREVIOUS THESIS 123');
    expect(retry).toContain('Your previous answer could not be used because it did not fit the required structure');
    expect(answer.result).toEqual({ kind: 'json', data: revised });
  });
});
