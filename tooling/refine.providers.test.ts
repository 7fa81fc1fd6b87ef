import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import essayBuddy from '../registry/essay-buddy';
import smartNotes from '../registry/smart-notes';
import { createGateway } from '../server/app';
import { gatewaySettingsFromEnv } from '../server/config';
import { createContractBackend } from '../src/kernel/backend/contractClient';
import { createProviderBackend } from '../src/kernel/backend/providerBackend';
import type { Backend } from '../src/kernel/backend/types';
import { messages } from '../src/kernel/messages';
import { providersFromEnv } from '../src/providers/fromEnvironment';
import type { ToolResult } from '../src/kernel/runTool';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeExchange, type FakeProviderKind, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { ENGINE_REFINEMENTS } from '../src/features/refine/changeRequests';
import { produceAnswer } from '../src/features/runner/answerCode';

/*
 * Refining, end to end through every real backend path: the own-key
 * provider backends (Gemini, OpenAI-compatible, Ollama, in the browser's
 * code) and the contract client talking to our gateway app (in process)
 * which talks to each provider. What the strict fake provider RECEIVED (its
 * recorded request body, as the real API would get it) must carry the
 * previous result, the change asked for, the output language and the reading
 * level, and ask for structured output with the tool's schema in that
 * provider's own way; the answer must come back validated.
 */

const GEMINI_KEY = 'AIza-refine-providers-key';
const OPENAI_KEY = 'sk-refine-providers-key-0123456789';
const OPENAI_MODEL = 'gpt-4o-mini';
const OLLAMA_MODEL = 'llama3.2';
const PUBLIC_KEY = 'anon-refine-key';

let fakes: Record<FakeProviderKind, FakeProviderServer>;
beforeAll(async () => {
  const [gemini, openai, ollama] = await Promise.all([
    startFakeGemini({ apiKey: GEMINI_KEY }),
    startFakeOpenAI({ apiKey: OPENAI_KEY, model: OPENAI_MODEL }),
    startFakeOllama({ model: OLLAMA_MODEL }),
  ]);
  fakes = { gemini, openai, ollama };
});
afterAll(async () => {
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
});
beforeEach(() => {
  for (const fake of Object.values(fakes)) fake.reset();
});

// ---------------------------------------------------------------------------
// Backends: the user's own key, or the gateway (env as an operator sets it).

function ownKeyBackend(kind: FakeProviderKind): Backend {
  const baseUrl = fakes[kind].baseUrl;
  if (kind === 'gemini') return createProviderBackend({ provider: 'gemini', apiKey: GEMINI_KEY, model: '', baseUrl });
  if (kind === 'openai') return createProviderBackend({ provider: 'openai', apiKey: OPENAI_KEY, model: OPENAI_MODEL, baseUrl });
  return createProviderBackend({ provider: 'ollama', apiKey: '', model: OLLAMA_MODEL, baseUrl });
}

function gatewayEnv(kind: FakeProviderKind): Record<string, string> {
  const baseUrl = fakes[kind].baseUrl;
  if (kind === 'gemini') return { GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: baseUrl };
  if (kind === 'openai') return { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: OPENAI_KEY, OPENAI_MODEL };
  return { OLLAMA_URL: baseUrl, OLLAMA_MODEL };
}

/** The contract client (spec 7.1) talking to the real gateway app, which calls the provider the environment names. */
function gatewayBackend(kind: FakeProviderKind): Backend {
  const env = { STUDYFORGE_PUBLIC_KEY: PUBLIC_KEY, ...gatewayEnv(kind) };
  const { text } = providersFromEnv(env);
  if (!text) throw new Error(`the gateway environment for ${kind} configured no text provider`);
  const app = createGateway({ settings: gatewaySettingsFromEnv(env), text, transcription: null });
  const viaGateway: typeof fetch = async (input, init) => app.fetch(new Request(input, init));
  return createContractBackend({ backendUrl: 'http://gateway.test', publicKey: PUBLIC_KEY }, viaGateway);
}

// ---------------------------------------------------------------------------
// What the provider received, read the way each real API carries it.

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const asRecord = (value: unknown): Json => (isRecord(value) ? value : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The prompt text: Gemini contents[].parts[].text; OpenAI and Ollama messages[].content. */
function promptReceived(kind: FakeProviderKind, exchange: FakeExchange | undefined): string {
  const body = asRecord(exchange?.json);
  if (kind === 'gemini') {
    return asArray(body.contents)
      .flatMap((content) => asArray(asRecord(content).parts).map((part) => asRecord(part).text))
      .filter((text): text is string => typeof text === 'string')
      .join('\n');
  }
  return asArray(body.messages)
    .map((message) => asRecord(message).content)
    .filter((content): content is string => typeof content === 'string')
    .join('\n');
}

/**
 * The schema the provider was asked to hold the answer to, in its own API's words, or null when none was:
 * Gemini generationConfig {responseMimeType: application/json, responseSchema}; OpenAI response_format json_schema; Ollama format.
 */
function schemaReceived(kind: FakeProviderKind, exchange: FakeExchange | undefined): Json | null {
  const body = asRecord(exchange?.json);
  if (kind === 'gemini') {
    if (body.generationConfig === undefined) return null;
    const config = asRecord(body.generationConfig);
    expect(config.responseMimeType).toBe('application/json');
    return isRecord(config.responseSchema) ? config.responseSchema : null;
  }
  if (kind === 'openai') {
    if (body.response_format === undefined) return null;
    const format = asRecord(body.response_format);
    expect(format.type).toBe('json_schema');
    const schema = asRecord(format.json_schema).schema;
    return isRecord(schema) ? schema : null;
  }
  return isRecord(body.format) ? body.format : null;
}

/** Essay Buddy's result, as a schema: its three keys, all required, the structure a list of strings. */
function expectEssayBuddySchema(schema: Json | null): void {
  expect(schema).not.toBeNull();
  const properties = asRecord(schema?.properties);
  expect(Object.keys(properties).sort()).toEqual(['introParagraph', 'structure', 'thesis']);
  expect(asArray(schema?.required).slice().sort()).toEqual(['introParagraph', 'structure', 'thesis']);
  expect(String(asRecord(properties.structure).type).toLowerCase()).toBe('array');
  expect(String(asRecord(asRecord(properties.structure).items).type).toLowerCase()).toBe('string');
  expect(String(asRecord(properties.thesis).type).toLowerCase()).toBe('string');
}

// ---------------------------------------------------------------------------
// The refinement asked for in every path.

/** A previous result unlike the tool's example, so only the real previous result can put these words in the prompt. */
const previous: ToolResult = {
  kind: 'json',
  data: {
    thesis: 'PREVIOUS THESIS 123: phones should stay in lockers all day.',
    structure: ['PREVIOUS SECTION A', 'PREVIOUS SECTION B', 'PREVIOUS SECTION C'],
    introParagraph: 'PREVIOUS INTRO 456 about lockers.',
  },
};
const revised = {
  thesis: 'Los teléfonos deben quedarse en la taquilla.',
  structure: ['Introducción', 'Atención en clase', 'Conclusión'],
  introParagraph: 'Los teléfonos distraen. Por eso deben quedarse en la taquilla.',
};
const shorterRefinement = ENGINE_REFINEMENTS.find((refinement) => refinement.label === 'Shorter');
if (!shorterRefinement) throw new Error('ENGINE_REFINEMENTS has no "Shorter"');
const shorter = { label: shorterRefinement.label, instruction: shorterRefinement.instruction };
const spanishGrade5 = { language: 'es' as const, level: 'grade-5' as const };

/** The follow-up's own parts: the previous result and the change, each inside its tags, then the language and level. */
function expectFollowUp(prompt: string): void {
  const previousBlock = /<previous_result>\n([\s\S]*?)\n<\/previous_result>/.exec(prompt)?.[1];
  expect(previousBlock, 'the previous result inside <previous_result> tags').toBeDefined();
  expect(previousBlock).toContain('PREVIOUS THESIS 123: phones should stay in lockers all day.');
  expect(previousBlock).toContain('PREVIOUS SECTION B');
  expect(previousBlock).toContain('PREVIOUS INTRO 456 about lockers.');
  expect(prompt).toContain(`<change_request>\n${shorter.instruction}\n</change_request>`);
  expect(prompt).toContain('write every part of your answer in Spanish (es)');
  expect(prompt).toContain('Reading level: write for a US grade 5 reader');
  // The original task still travels with it, the user's input as data.
  expect(prompt).toContain(`<user_input name="topic">\n${essayBuddy.example.input.topic}\n</user_input>`);
  // Not the example's words: the previous result is the one on screen.
  expect(prompt).not.toContain('Schools should ban mobile phones during lessons but allow them at break');
}

interface Path {
  name: string;
  kind: FakeProviderKind;
  backend: () => Backend;
}

const kinds: FakeProviderKind[] = ['gemini', 'openai', 'ollama'];
const paths: Path[] = [
  ...kinds.map((kind) => ({ name: `own key: ${kind}`, kind, backend: () => ownKeyBackend(kind) })),
  ...kinds.map((kind) => ({ name: `the gateway in front of ${kind}`, kind, backend: () => gatewayBackend(kind) })),
];

describe.each(paths)('a refinement through $name', ({ kind, backend }) => {
  it.each([
    { mode: 'a whole answer', streamed: false },
    { mode: 'a streamed answer with a preview', streamed: true },
  ])('reaches the provider with the previous result, the change, Spanish and grade 5 and the schema ($mode), and returns the validated answer', async ({ streamed }) => {
    const fake = fakes[kind];
    const answerText = JSON.stringify(revised);
    fake.script({ kind: 'text', text: answerText, chunks: answerText.match(/[\s\S]{1,11}/g) ?? [answerText] });
    const previews: string[] = [];
    const answer = await produceAnswer(
      essayBuddy,
      essayBuddy.example.input,
      backend(),
      { output: spanishGrade5, refine: { previous, change: shorter } },
      streamed ? { onText: (text) => previews.push(text) } : {},
    );

    // One request: a valid answer needs no repair, and Spanish is not measured, so no reading-level retry.
    expect(fake.exchanges).toHaveLength(1);
    const exchange = fake.exchanges[0];
    expect(exchange?.problems).toEqual([]);
    expectFollowUp(promptReceived(kind, exchange));
    expectEssayBuddySchema(schemaReceived(kind, exchange));

    expect(answer).toEqual({ result: { kind: 'json', data: revised }, reading: null });
    if (streamed) {
      expect(previews.length).toBeGreaterThan(1);
      expect(previews.at(-1)).toBe(answerText);
    }
  });

  it('an answer that does not fit the result never comes back: the error is the invalid-format message', async () => {
    const fake = fakes[kind];
    fake.script({ kind: 'text', text: JSON.stringify({ thesis: 'Solo una tesis.', structure: ['Una'] }) });
    const answer = produceAnswer(essayBuddy, essayBuddy.example.input, backend(), { output: spanishGrade5, refine: { previous, change: shorter } });
    await expect(answer).rejects.toThrow(messages.invalidFormat);
    // The one repair retry was asked, and it too was a follow-up.
    expect(fake.exchanges).toHaveLength(2);
    expectFollowUp(promptReceived(kind, fake.exchanges[1]));
  });
});

describe('through one provider', () => {
  it('a markdown tool (SmartNotes) is refined as text: previous notes and change in their tags, language and level, no schema', async () => {
    const fake = fakes.gemini;
    const notes = '## Resumen\nLas plantas hacen su comida con la luz.';
    fake.script({ kind: 'text', text: notes });
    const answer = await produceAnswer(smartNotes, smartNotes.example.input, ownKeyBackend('gemini'), {
      output: spanishGrade5,
      refine: { previous: { kind: 'text', text: '## Summary\nPREVIOUS NOTES 789 about chloroplasts.' }, change: shorter },
    });
    expect(fake.exchanges).toHaveLength(1);
    const exchange = fake.exchanges[0];
    expect(exchange?.problems).toEqual([]);
    const prompt = promptReceived('gemini', exchange);
    expect(prompt).toContain('<previous_result>\n## Summary\nPREVIOUS NOTES 789 about chloroplasts.\n</previous_result>');
    expect(prompt).toContain(`<change_request>\n${shorter.instruction}\n</change_request>`);
    expect(prompt).toContain('Spanish (es)');
    expect(prompt).toContain('grade 5');
    expect(schemaReceived('gemini', exchange)).toBeNull();
    expect(answer).toEqual({ result: { kind: 'text', text: notes }, reading: null });
  });

  it.each(paths)('a first answer through $name carries French (fr) and no previous result or change', async ({ kind, backend }) => {
    const fake = fakes[kind];
    fake.script({ kind: 'text', text: JSON.stringify(revised) });
    const answer = await produceAnswer(essayBuddy, essayBuddy.example.input, backend(), { output: { language: 'fr', level: '' } });
    expect(fake.exchanges).toHaveLength(1);
    const exchange = fake.exchanges[0];
    expect(exchange?.problems).toEqual([]);
    const prompt = promptReceived(kind, exchange);
    expect(prompt).toContain('write every part of your answer in French (fr)');
    expect(prompt).not.toContain('Spanish');
    expect(prompt).not.toContain('<previous_result>');
    expect(prompt).not.toContain('<change_request>');
    expect(prompt).not.toContain('Reading level:');
    expect(prompt).toContain(`<user_input name="topic">\n${essayBuddy.example.input.topic}\n</user_input>`);
    expectEssayBuddySchema(schemaReceived(kind, exchange));
    expect(answer.result).toEqual({ kind: 'json', data: revised });
  });

  it('an invalid first answer to a refinement gets the repair retry, which says what was wrong and is still the same follow-up', async () => {
    const fake = fakes.openai;
    // Too few sections and no introduction: valid JSON that does not fit the result.
    fake.script({ kind: 'text', text: JSON.stringify({ thesis: 'Solo una tesis.', structure: ['Una'] }) }, { kind: 'text', text: JSON.stringify(revised) });
    const answer = await produceAnswer(essayBuddy, essayBuddy.example.input, ownKeyBackend('openai'), {
      output: spanishGrade5,
      refine: { previous, change: shorter },
    });

    expect(fake.exchanges).toHaveLength(2);
    const [first, retry] = fake.exchanges;
    expect(first?.problems).toEqual([]);
    expect(retry?.problems).toEqual([]);
    const firstPrompt = promptReceived('openai', first);
    const retryPrompt = promptReceived('openai', retry);
    expect(firstPrompt).not.toContain('Your previous answer could not be used');
    // The retry names what was wrong (zod's paths, not the answer's text)...
    expect(retryPrompt).toMatch(/Your previous answer could not be used because it did not fit the required structure \([^)]*at structure[^)]*\)/);
    expect(retryPrompt).toMatch(/at introParagraph/);
    expect(retryPrompt).not.toContain('Solo una tesis.');
    // ...and is the whole follow-up again, with the previous result on screen (not the rejected answer), language and level.
    expect(retryPrompt.startsWith(firstPrompt)).toBe(true);
    expectFollowUp(retryPrompt);
    expectEssayBuddySchema(schemaReceived('openai', retry));
    expect(answer).toEqual({ result: { kind: 'json', data: revised }, reading: null });
  });
});
