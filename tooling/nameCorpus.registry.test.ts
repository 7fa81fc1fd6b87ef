import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { requestBody } from '../src/kernel/backend/contractClient';
import type { Backend, GenerateRequest } from '../src/kernel/backend/types';
import type { ToolDeclaration, ToolModule } from '../src/kernel/defineTool';
import { defaultValues, holdsPersonalData, type FormValues } from '../src/kernel/fields';
import { acceptNames, forgetAcceptedNames } from '../src/features/privacy/acceptedNames';
import { formNames } from '../src/features/privacy/formFlags';
import { fold } from '../src/features/privacy/placeholders';
import { produceAnswer } from '../src/features/runner/answerCode';
import { DEFAULT_OUTPUT } from '../src/features/refine';
import { corpusTools, nameCorpus, type CorpusInput } from '../src/features/privacy/nameCorpus';
import { registryFiles } from './registryFiles';

/*
 * The name corpus: for every tool that takes personal text, inputs naming
 * children the ways teachers write them (nameCorpus.ts), each sent the way
 * the app sends it: the tool's prompt filled with the form, through the
 * pseudonymising backend, serialised as the gateway receives it. Once the
 * user accepts what is flagged beside Generate, no name may be in it.
 */

const tools = await Promise.all(registryFiles().map(async ({ file }) => ((await import(pathToFileURL(file).href)) as ToolModule).default));
const byId = new Map(tools.map((tool) => [tool.id, tool]));

const stripAccents = (text: string) => fold(text).normalize('NFD').replace(/\p{M}/gu, '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names that are everyday words too: only their capitalised uses are the name ("Will", never the prompt's "will"). */
const WORD_NAMES = new Set(['Grace', 'Will', 'Rose', 'Mark']);

/** The names of an input found in a request body, however they are cased or accented. */
function namesIn(body: string, names: readonly string[]): string[] {
  const text = stripAccents(body);
  const found = (name: string, haystack: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'u').test(haystack);
  return names.filter((name) => (WORD_NAMES.has(name) ? found(name, body) : found(stripAccents(name), text)));
}

/** What the gateway would receive for this form: the first request of a Generate, names replaced. */
async function sentFor(tool: ToolDeclaration, values: FormValues, pseudonymise = true): Promise<string> {
  const sent: GenerateRequest[] = [];
  const backend: Backend = {
    kind: 'contract',
    async generate(request) {
      sent.push(request);
      return tool.example.output as never;
    },
  };
  await produceAnswer(tool, values, backend, { output: DEFAULT_OUTPUT, pseudonymise });
  expect(sent.length).toBeGreaterThan(0);
  return sent.map((request) => requestBody(request, tool.id)).join('\n');
}

function formOf(tool: ToolDeclaration, input: CorpusInput): FormValues {
  return { ...defaultValues(tool.fields), ...(tool.example.input as FormValues), ...input.values };
}

afterEach(forgetAcceptedNames);

describe('no child’s name reaches the model once the flagged words are accepted', () => {
  const corpus = nameCorpus();

  it('covers every tool with personal fields, with 200 inputs or more', () => {
    const personal = tools.filter((tool) => holdsPersonalData(tool.fields)).map((tool) => tool.id).sort();
    expect([...corpusTools].sort()).toEqual(personal);
    expect(corpus.length).toBeGreaterThanOrEqual(200);
  });

  it(`over the corpus's inputs, every name is replaced in the request the gateway receives`, async () => {
    let names = 0;
    let caughtAutomatically = 0;
    let leftCount = 0;
    const leftAfterAccepting: string[] = [];
    for (const input of corpus) {
      const tool = byId.get(input.tool)!;
      const values = formOf(tool, input);
      forgetAcceptedNames();
      const automatic = await sentFor(tool, values);
      names += input.names.length;
      caughtAutomatically += input.names.length - namesIn(automatic, input.names).length;
      acceptNames(tool.id, (await formNames(tool.fields, values)).flags);
      const leaked = namesIn(await sentFor(tool, values), input.names);
      leftCount += leaked.length;
      if (leaked.length > 0) leftAfterAccepting.push(`${input.tool} (${input.kind}): ${leaked.join(', ')}`);
    }
    console.log(`names caught automatically: ${caughtAutomatically}/${names}; with flags accepted: ${names - leftCount}/${names}`);
    expect(leftAfterAccepting).toEqual([]);
    // compromise reads every input's notes twice: a limit for a loaded machine, not a speed target.
  }, 240_000);
});

describe('plain notes go as they are', () => {
  const plainNotes: readonly (readonly [string, Record<string, string>])[] = [
    ['report-card-generator', { studentName: '', notes: 'Strong reader, loves fantasy books. Maths: confident with times tables, rushes word problems. Kind to classmates; will ask for help sooner next term.' }],
    ['student-misconception-spotter', { topic: 'Comparing fractions (Year 5 maths)' }],
    ['lesson-plan-variator', { topic: 'Introduction to the Solar System' }],
    ['differentiated-text-generator', { originalText: 'Photosynthesis is how plants make food. Chlorophyll absorbs light, and the leaf turns carbon dioxide and water into glucose.' }],
    ['rubric-builder', { assignmentType: 'Persuasive Essay', objectives: 'States a clear claim\nSupports the claim with evidence\nUses a formal tone' }],
  ];

  it('a request with no name in it is exactly the request sent with name replacement off: no everyday word replaced', async () => {
    for (const [id, values] of plainNotes) {
      const tool = byId.get(id)!;
      const form = formOf(tool, { tool: id, kind: 'plain', values, names: [] });
      expect(await sentFor(tool, form), id).toBe(await sentFor(tool, form, false));
      expect((await formNames(tool.fields, form)).flags, id).toEqual([]);
    }
  });
});
