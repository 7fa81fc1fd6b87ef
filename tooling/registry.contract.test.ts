import { describe, expect, it } from 'vitest';
// The catalogue as the app sees it: ToolMeta objects made from the plugin's tuples.
import { tools as catalogue } from '../src/kernel/catalogue';
import { rendererContracts } from '../renderers/contracts';
import { toContractSchema } from '../src/kernel/contractSchema';
import { schemaBoundsProblem } from '../src/kernel/schemaBounds';
import type { ToolModule } from '../src/kernel/defineTool';
import { defaultValues, isFreeText } from '../src/kernel/fields';
import { blockingReason } from '../src/kernel/formRules';
import { formSchema } from '../src/kernel/formSchema';
import { builtinPlaceholders, placeholdersIn, renderPrompt } from '../src/kernel/promptTemplate';
import { derivedValues, modelSchemaOf } from '../src/kernel/runTool';
import { promptFor } from '../src/features/refine/answerWrappers';
import { registryProblems, type RegistryFileReport } from './registryChecks';
import { registryFiles } from './registryFiles';
import { iconExists } from './registryPlugin';

/*
 * The contract every registry file must keep. One test run over all entries;
 * each failure names the file, so an author sees at once what to fix.
 */

// The files the app is built from, imported as the registry plugin imports them: a file that throws is a reported problem.
const reports: RegistryFileReport[] = await Promise.all(
  registryFiles().map(async ({ file, shown, stem }): Promise<RegistryFileReport> => {
    try {
      return { file: shown, stem, imported: true, declaration: ((await import(/* @vite-ignore */ file)) as ToolModule).default };
    } catch (error) {
      return { file: shown, stem, imported: false, error };
    }
  }),
);

// The registry plugin's own checks (registryChecks.ts), so build and test judge alike: the id equals the file name, is
// unique and no app route's; the icon exists; the renderer exists and the example fits its contract; the file imports.
const pluginProblems = registryProblems(reports, { iconExists, rendererContracts });

describe.each(reports.map(({ file }) => ({ file })))('$file', ({ file }) => {
  it("passes the registry plugin's checks (tooling/registryChecks.ts)", () => {
    expect(pluginProblems.filter((problem) => problem.startsWith(`${file}:`))).toEqual([]);
  });
});

const entries = reports.flatMap((report) => (report.imported ? [{ file: report.file, stem: report.stem, tool: report.declaration as ToolModule['default'] }] : []));

describe.each(entries)('$file', ({ file, tool }) => {
  it('marks teacher tools with role and description alike', () => {
    const saysTeacher = tool.description.startsWith('For Teachers:');
    expect(tool.role === 'teacher', `${file}: role 'teacher' and a description starting 'For Teachers:' go together`).toBe(saysTeacher);
  });

  it('has uniquely named fields with sane defaults', () => {
    const names = tool.fields.map((f) => f.name);
    expect(new Set(names).size, `${file}: field names must be unique`).toBe(names.length);
    for (const field of tool.fields) {
      expect(field.label, `${file}: the form marks optional fields itself; drop "(optional)" from the label of "${field.name}"`).not.toMatch(/optional/i);
      if (field.kind === 'select') expect(field.options, `${file}: default of "${field.name}" must be an option`).toContain(field.default);
      if (field.kind === 'number') {
        expect(field.default, `${file}: default of "${field.name}" below min`).toBeGreaterThanOrEqual(field.min ?? -Infinity);
        expect(field.default, `${file}: default of "${field.name}" above max`).toBeLessThanOrEqual(field.max ?? Infinity);
      }
    }
  });

  it('uses only its own fields in the prompt, and every required one', () => {
    const names = tool.fields.map((f) => f.name);
    const used = placeholdersIn(tool.prompt);
    const known: string[] = [...names, ...builtinPlaceholders, ...Object.keys(derivedValues(tool, tool.example.input))];
    for (const placeholder of used) expect(known, `${file}: prompt placeholder {{${placeholder}}} names no field`).toContain(placeholder);
    for (const field of tool.fields.filter((f) => f.required)) {
      expect(used, `${file}: required field "${field.name}" is never used in the prompt`).toContain(field.name);
    }
    for (const rule of tool.rules ?? []) {
      for (const name of rule.fields) expect(names, `${file}: rule names unknown field "${name}"`).toContain(name);
    }
  });

  it('has an example input that passes the form and enables Generate', () => {
    const values = { ...defaultValues(tool.fields), ...tool.example.input };
    expect(blockingReason(tool.fields, tool.rules, values), `${file}: example input leaves Generate disabled`).toBeNull();
    const parsed = formSchema(tool.fields, tool.rules).safeParse(values);
    expect(parsed.success, `${file}: example input fails validation: ${parsed.error?.message}`).toBe(true);
  });

  it('renders its prompt from the example, with free text delimited as data', () => {
    const prompt = promptFor(tool, tool.example.input);
    for (const field of tool.fields.filter(isFreeText)) {
      if (placeholdersIn(tool.prompt).includes(field.name) && String(tool.example.input[field.name as never] ?? '').trim() !== '') {
        expect(prompt, `${file}: "${field.name}" must reach the prompt inside <user_input>`).toContain(`<user_input name="${field.name}">`);
      }
    }
  });

  it('has an example output that fits its result', () => {
    if (tool.result === 'markdown') {
      expect(typeof tool.example.output, `${file}: a markdown tool's example output is a string`).toBe('string');
      expect(String(tool.example.output).trim().length, `${file}: example output is empty`).toBeGreaterThan(40);
      return;
    }
    const parsed = tool.result.safeParse(tool.example.output);
    expect(parsed.success, `${file}: example output does not fit the schema: ${parsed.error?.message}`).toBe(true);
  });

  it('computes, from its example input, the values its example output shows', () => {
    if (!tool.derive) return;
    const derived = derivedValues(tool, tool.example.input);
    const output = tool.example.output as Record<string, unknown>;
    for (const [key, value] of Object.entries(derived)) {
      if (key in output) expect(output[key], `${file}: example output "${key}" differs from what derive computes`).toEqual(value);
    }
  });

  it('has a result schema the backend contract can express', () => {
    if (tool.result === 'markdown') return;
    expect(() => toContractSchema(tool.result as never), `${file}: result schema`).not.toThrow();
    const asked = modelSchemaOf(tool, derivedValues(tool, tool.example.input));
    if (asked !== 'markdown') expect(() => toContractSchema(asked), `${file}: the part the model writes`).not.toThrow();
  });

  it('has a result schema within the bounds the gateway accepts (src/kernel/schemaBounds.ts)', () => {
    const asked = modelSchemaOf(tool, derivedValues(tool, tool.example.input));
    if (asked === 'markdown') return;
    const problem = schemaBoundsProblem(toContractSchema(asked));
    expect(problem, `${file}: the gateway would refuse this result schema: ${problem}. Lower the count or nesting, or raise SCHEMA_LIMITS with a reason.`).toBeUndefined();
  });

  it('declares follow-up calls whose examples fit and whose schemas convert', () => {
    for (const [key, followUp] of Object.entries(tool.followUps ?? {})) {
      if (followUp.result !== 'markdown') {
        expect(() => toContractSchema(followUp.result as never), `${file}: follow-up "${key}" schema`).not.toThrow();
        const parsed = followUp.result.safeParse(followUp.example);
        expect(parsed.success, `${file}: follow-up "${key}" example does not fit: ${parsed.error?.message}`).toBe(true);
      }
      const fields = placeholdersIn(followUp.prompt).map((name) => ({ name, kind: 'textarea' as const, label: name }));
      expect(() => renderPrompt(followUp.prompt, fields, {}), `${file}: follow-up "${key}" prompt`).not.toThrow();
    }
  });
});

/** Spec section 2: one route per tool, named after the tool id. */
const specRouteIds = `interactive-quiz-builder, quiz-whiz, essay-buddy, smart-notes, audio-notes, math-mentor, citation-wizard,
assignment-deconstructor, concept-cracker, multi-doc-synthesizer, focus-sprint-planner, presentation-rehearsal-coach,
group-project-coordinator, rubric-builder, lesson-plan-variator, differentiated-text-generator, student-misconception-spotter,
parent-communication-assistant, report-card-generator, icebreaker-prompter, source-credibility-checker, critical-thinking-booster,
textbook-buddy, flashcard-generator, doubt-bot, study-plan-ai, presentation-generator, data-storyteller, visual-data-interpreter,
lab-helper, code-explainer, scholarship-coach, resume-rewriter, internship-email-assistant, career-mapper, debate-assistant,
mnemonic-maker, project-brainstormer, analogy-generator, learning-converter, historical-context-bot, ethical-dilemma-explorer,
literary-device-finder, keyword-extractor, discussion-assistant, text-simplifier, time-estimator, anxiety-coach, course-outliner,
daily-learner, assignment-formatter`.split(/,\s*/);

/** Spec section 1: the seven teacher-marked tools. */
const specTeacherTools = [
  'rubric-builder', 'lesson-plan-variator', 'differentiated-text-generator', 'student-misconception-spotter',
  'parent-communication-assistant', 'report-card-generator', 'icebreaker-prompter',
];

describe('the registry as a whole', () => {
  it('has a file for every tool route of the spec', () => {
    const ids = entries.map((e) => e.tool.id);
    expect(specRouteIds).toHaveLength(51);
    expect(specRouteIds.filter((id) => !ids.includes(id)), 'spec routes without a registry file').toEqual([]);
  });

  it('marks exactly the seven teacher tools of the spec', () => {
    const teachers = entries.filter((e) => e.tool.role === 'teacher').map((e) => e.tool.id).sort();
    expect(teachers).toEqual([...specTeacherTools].sort());
  });

  it("passes the registry plugin's checks across files (unique ids) and imports every file", () => {
    expect(pluginProblems).toEqual([]);
    expect(entries).toHaveLength(reports.length);
  });

  it('is assembled from the files alone: the catalogue lists every file, with its metadata', () => {
    expect(catalogue.map((t) => t.id).sort()).toEqual(entries.map((e) => e.stem).sort());
    for (const { tool } of entries) {
      const meta = catalogue.find((t) => t.id === tool.id);
      expect(meta).toEqual({
        id: tool.id,
        title: tool.title,
        description: tool.description,
        icon: tool.icon,
        category: tool.category,
        ...(tool.role ? { role: tool.role } : {}),
      });
    }
  });
});
