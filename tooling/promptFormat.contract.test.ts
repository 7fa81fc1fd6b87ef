import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolModule } from '../src/kernel/defineTool';
import { renderPrompt } from '../src/kernel/promptTemplate';
import { contractSchemaOf, derivedValues, modelSchemaOf } from '../src/kernel/runTool';
import { promptFor } from '../src/features/refine/answerWrappers';
import { keysOf, promptFormatProblems, restatedKeys, statedCounts } from './promptFormatChecks';
import { registryFiles } from './registryFiles';

/*
 * Keys and counts said once: a structured tool's prompt says what
 * to write, and the answer format the engine appends from the schema says the
 * shape. Every required key reaches the model through that brief, and the
 * template restates no key and no count, so prose and schema cannot drift.
 */

// The files the app is built from (tooling/registryFiles.ts), as the registry contract test lists them.
const tools = await Promise.all(
  registryFiles().map(async ({ file, shown }) => ({ file: shown, tool: ((await import(/* @vite-ignore */ file)) as ToolModule).default })),
);
const structured = tools.filter(({ tool }) => tool.result !== 'markdown');

const count = (text: string, part: string) => text.split(part).length - 1;

it('finds the structured tools', () => {
  expect(structured.length).toBeGreaterThanOrEqual(20);
});

describe.each(structured)('$file', ({ file, tool }) => {
  const asked = modelSchemaOf(tool, derivedValues(tool, tool.example.input));
  const schema = contractSchemaOf(asked as z.ZodType);

  it('states every key it asks for once, in the answer format the engine appends', () => {
    const prompt = promptFor(tool, tool.example.input);
    expect(prompt, `${file}: no answer format appended`).toContain('\n\nAnswer format: reply with only JSON');
    const keys = keysOf(schema);
    for (const { key, path: where } of keys) {
      const times = keys.filter((k) => k.key === key).length;
      expect(count(prompt, `\`${key}\``), `${file}: key ${where} must be named once per place in the schema, by the brief`).toBe(times);
    }
  });

  it('restates no key and no count of its schema in the prompt template', () => {
    expect(promptFormatProblems(tool.prompt, schema), `${file}: say what to write; put shape and meaning in the schema (.describe())`).toEqual([]);
  });

  for (const [key, followUp] of Object.entries(tool.followUps ?? {})) {
    it(`follow-up "${key}": its prompt restates nothing and gets the brief`, () => {
      const followSchema = contractSchemaOf(followUp.result as z.ZodType);
      expect(promptFormatProblems(followUp.prompt, followSchema), `${file}: follow-up "${key}"`).toEqual([]);
      // runFollowUp appends the brief the same way; renderPrompt alone (as here) must not state keys.
      const fields = [...followUp.prompt.matchAll(/\{\{[#^/]?([^{}]+)\}\}/g)].map((m) => ({ name: (m[1] ?? '').trim(), kind: 'textarea' as const, label: 'x' }));
      const bare = renderPrompt(followUp.prompt, fields, {});
      for (const { key: name } of keysOf(followSchema)) expect(count(bare, `\`${name}\``), `${file}: follow-up "${key}" names \`${name}\``).toBe(0);
    });
  }
});

describe('the check itself', () => {
  // essay-buddy's prompt before prompts and schemas were held in step: it asked for four to six entries while the schema allowed 3 to 8.
  const essayBefore = `Plan an essay on the topic below. Return:
- thesis: one or two sentences that take a clear, arguable position.
- structure: four to six entries in order, each one line naming the section and what it must do. Include the introduction and the conclusion.
- introParagraph: a ready-to-use opening paragraph of 90 to 130 words that hooks the reader and ends with the thesis.

The topic:
{{topic}}`;
  const essaySchema = contractSchemaOf(
    z.object({ thesis: z.string(), structure: z.array(z.string()).min(3).max(8), introParagraph: z.string() }),
  );

  it('fails on a count that disagrees with the schema, naming both', () => {
    expect(statedCounts(essayBefore, essaySchema)).toEqual([
      'states a count in prose ("four to six entries"), which disagrees with the schema (structure: 3 to 8); the engine states counts from the schema',
    ]);
  });

  it('fails on restated keys, and on a count even when it agrees', () => {
    expect(restatedKeys(essayBefore, essaySchema)).toHaveLength(3);
    expect(statedCounts('Give 3 to 8 entries in order.', essaySchema)).toEqual([
      'states a count in prose ("3 to 8 entries"); the engine states counts from the schema',
    ]);
  });

  it('passes the prose that says what to write, with lengths of text and counts of other things', () => {
    const good = `Plan an essay on the topic below. The thesis takes a clear, arguable position in one or two sentences.
The structure runs in order from the introduction to the conclusion, each entry one line. The opening paragraph has 90 to 130 words.
After every fourth section, summarise. Use "Body paragraph 1:" as a prefix.

The topic:
{{topic}}`;
    expect(promptFormatProblems(good, essaySchema)).toEqual([]);
  });
});
