// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import type { ToolDeclaration, ToolModule } from '../src/kernel/defineTool';
import type { PreviewBodyProps, ResultRendererProps } from '../src/kernel/rendererProps';
import type { RendererKey } from '../src/kernel/renderers';
import { resultAsText } from '../src/kernel/resultText';
import { poisonedExample, XSS_HIT, xssPayloads } from '../src/kernel/testing/xssPayloads';
import { findDanger, installHitRecorder, provoke, type HitRecorder } from '../src/kernel/testing/xssScan';
import { rendererKeyFor } from '../renderers';
import Flashcards from '../renderers/flashcards/Flashcards';
import MarkdownResult from '../renderers/markdown/MarkdownResult';
import MarkdownPreview from '../renderers/preview/MarkdownPreview';
import StructuredPreview from '../renderers/preview/StructuredPreview';
import QuizResult from '../renderers/quiz/QuizResult';
import Slides from '../renderers/slides/Slides';
import SprintTimeline from '../renderers/sprints/SprintTimeline';
import StructuredResult from '../renderers/structured/StructuredResult';
import VariantTabs from '../renderers/tabs/VariantTabs';
import { rendererProps } from '../renderers/testing/rendererProps';

/*
 * Every renderer against the XSS corpus: each tool's example with a payload
 * in every string (the tool's schema still satisfied, so the renderer shows
 * it rather than an error), rendered in jsdom, then scanned (findDanger),
 * provoked (every handler-setting event at every element) and checked for
 * calls to __xssHit. The quiz is played to the end, through a remediation
 * lesson that is hostile too; the flashcards are flipped through.
 */

/** Typed by every renderer key: a new renderer must be added here. */
const renderers: Record<RendererKey, ComponentType<ResultRendererProps>> = {
  markdown: MarkdownResult,
  structured: StructuredResult,
  quiz: QuizResult,
  flashcards: Flashcards,
  tabs: VariantTabs,
  slides: Slides,
  sprints: SprintTimeline,
};

const modules = import.meta.glob<ToolModule>(['../registry/*.ts', '!../registry/*.test.ts', '!../registry/*.d.ts'], { eager: true });
const tools = Object.values(modules)
  .map((m) => m.default)
  .sort((a, b) => a.id.localeCompare(b.id));
const toolById = (id: string) => {
  const tool = tools.find((t) => t.id === id);
  if (!tool) throw new Error(`no tool ${id}`);
  return tool;
};

const payloads = xssPayloads.map((x) => x.payload);
const schemaOf = (tool: ToolDeclaration) => (tool.result === 'markdown' ? undefined : (tool.result as ZodType));

function poisoned(tool: ToolDeclaration, payloadFor: (n: number) => string): unknown {
  return poisonedExample(tool.example.output, schemaOf(tool), payloadFor);
}

/** How many distinct strings the tool's example holds: payloads per render when they are rotated through. */
function distinctStrings(value: unknown, seen = new Set<string>()): number {
  if (typeof value === 'string') seen.add(value);
  else if (Array.isArray(value)) value.forEach((v) => distinctStrings(v, seen));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((v) => distinctStrings(v, seen));
  return seen.size;
}

let recorder: HitRecorder;
beforeAll(() => {
  recorder = installHitRecorder(document, XSS_HIT);
});
beforeEach(() => {
  recorder.clear();
  localStorage.clear();
});
afterEach(cleanup);

let screensScanned = 0;
afterAll(() => {
  console.log(
    `[xss] ${xssPayloads.length} payloads x ${Object.keys(renderers).length} renderers, 2 preview bodies and Copy, ${tools.length} tools (jsdom): ${screensScanned} screens scanned, none dangerous, none executed`,
  );
});

function expectNothingDangerous(container: Element, what: string): void {
  screensScanned += 1;
  const problems = findDanger(container);
  if (problems.length > 0) throw new Error(`${what}: ${problems.join('\n')}`);
  provoke(container);
  const hits = recorder.hits();
  if (hits.length > 0) throw new Error(`${what}: script ran: ${hits.join(', ')}`);
}

function propsFor(tool: ToolDeclaration, data: unknown, followUp?: unknown): ResultRendererProps {
  const props = rendererProps(tool, data);
  return {
    ...props,
    result: typeof data === 'string' ? { kind: 'text', text: data } : { kind: 'json', data },
    runFollowUp: async () => ({ kind: 'json', data: followUp }),
  };
}

function renderTool(tool: ToolDeclaration, data: unknown, followUp?: unknown) {
  const Renderer = renderers[rendererKeyFor(tool)];
  return render(<Renderer {...propsFor(tool, data, followUp)} />);
}

/** The remediation lesson a quiz asks for after a wrong answer, as hostile as the quiz. */
function poisonedLesson(tool: ToolDeclaration, payloadFor: (n: number) => string): unknown {
  const remediation = tool.followUps?.remediation;
  if (!remediation) return undefined;
  return poisonedExample(remediation.example, remediation.result === 'markdown' ? undefined : (remediation.result as ZodType), payloadFor);
}

/** Answers every question (wrongly where it can, to reach the remediation lesson), scanning every screen on the way. */
async function playQuiz(container: HTMLElement, what: string): Promise<void> {
  for (let step = 0; step < 60; step += 1) {
    expectNothingDangerous(container, `${what}, step ${step}`);
    if (screen.queryByText('Quiz complete')) return;
    const proceed = screen.queryByRole('button', { name: 'Continue Quiz' });
    const followUpOption = container.querySelector<HTMLButtonElement>('.quiz-follow-up .quiz-option:not([disabled])');
    if (followUpOption) {
      await act(async () => fireEvent.click(followUpOption));
      continue;
    }
    if (proceed) {
      await act(async () => fireEvent.click(proceed));
      continue;
    }
    // A right answer stays on screen, marked, until the student moves on.
    const next = screen.queryByRole('button', { name: /^(Next question|See your score)$/ });
    if (next) {
      await act(async () => fireEvent.click(next));
      continue;
    }
    const skip = screen.queryByRole('button', { name: 'Skip question' });
    const options = [...container.querySelectorAll<HTMLButtonElement>('.quiz-options .quiz-option:not([disabled])')];
    const fill = container.querySelector<HTMLInputElement>('.quiz-fill input');
    if (options.length > 0) {
      // The last option is wrong for most questions: the remediation screen is reached too.
      await act(async () => fireEvent.click(options.at(-1)!));
    } else if (fill) {
      await act(async () => {
        fireEvent.change(fill, { target: { value: 'not the answer' } });
        fireEvent.submit(fill.form!);
      });
    } else if (skip) {
      await act(async () => fireEvent.click(skip));
    } else {
      throw new Error(`${what}: the quiz shows nothing to do at step ${step}`);
    }
  }
  throw new Error(`${what}: the quiz did not finish`);
}

async function flipThroughCards(container: HTMLElement, what: string): Promise<void> {
  for (let card = 0; card < 100; card += 1) {
    const face = container.querySelector<HTMLButtonElement>('.flashcard');
    if (!face) throw new Error(`${what}: no flashcard shown`);
    await act(async () => fireEvent.click(face));
    expectNothingDangerous(container, `${what}, card ${card + 1} flipped`);
    const next = screen.getByRole('button', { name: 'Next' });
    if ((next as HTMLButtonElement).disabled) return;
    await act(async () => fireEvent.click(next));
    expectNothingDangerous(container, `${what}, card ${card + 2}`);
  }
}

const renderedWithPayload = (container: Element, payloadText: string) => (container.textContent ?? '').includes(payloadText);

describe(`renderers against ${xssPayloads.length} XSS payloads`, () => {
  it('the corpus is large and its ids are unique', () => {
    expect(xssPayloads.length).toBeGreaterThan(50);
    expect(new Set(xssPayloads.map((x) => x.id)).size).toBe(xssPayloads.length);
  });

  /* One tool per renderer (both quizzes, both tab tools): each payload in every string at once. */
  const bespoke = ['essay-buddy', 'quiz-whiz', 'interactive-quiz-builder', 'flashcard-generator', 'concept-cracker',
    'differentiated-text-generator', 'presentation-generator', 'focus-sprint-planner'];

  for (const id of bespoke) {
    it(`${id}: each payload in every field, nothing dangerous, nothing runs`, () => {
      const tool = toolById(id);
      for (const x of xssPayloads) {
        const data = poisoned(tool, () => x.payload);
        const { container, unmount } = renderTool(tool, data);
        expectNothingDangerous(container, `${id} with ${x.id}`);
        // Shown as text, so the payload is there to read (the renderer did not fall back to an error).
        if (!renderedWithPayload(container, x.payload.slice(0, 24))) throw new Error(`${id} with ${x.id}: the payload is not shown as text`);
        unmount();
        localStorage.clear();
      }
    }, 120_000);
  }

  for (const id of ['quiz-whiz', 'interactive-quiz-builder']) {
    it(`${id}: played to the end through hostile questions and remediation lessons`, async () => {
      const tool = toolById(id);
      let offset = 0;
      while (offset < payloads.length) {
        const start = offset;
        const payloadFor = (n: number) => payloads[(start + n) % payloads.length]!;
        const data = poisoned(tool, payloadFor);
        const lesson = poisonedLesson(tool, (n) => payloads[(start + n + 7) % payloads.length]!);
        const { container, unmount } = renderTool(tool, data, lesson);
        await playQuiz(container, `${id} from payload ${start}`);
        expect(screen.getByText('Quiz complete')).toBeTruthy();
        unmount();
        localStorage.clear();
        offset += distinctStrings(tool.example.output);
      }
    }, 120_000);
  }

  it('flashcard-generator: every card of a hostile deck, both sides', async () => {
    const tool = toolById('flashcard-generator');
    for (let offset = 0; offset < payloads.length; offset += distinctStrings(tool.example.output)) {
      const start = offset;
      const { container, unmount } = renderTool(tool, poisoned(tool, (n) => payloads[(start + n) % payloads.length]!));
      await flipThroughCards(container, `flashcards from payload ${start}`);
      unmount();
    }
  }, 120_000);

  it('every tool in the registry, with the payloads rotated through its fields', () => {
    let renders = 0;
    for (const tool of tools) {
      if (tool.result === 'markdown') {
        // The example's own markdown with every payload between its lines.
        const lines = String(tool.example.output).split('\n');
        const text = lines.map((line, i) => `${line}\n\n${payloads[i % payloads.length]}`).join('\n') + `\n\n${payloads.join('\n\n')}`;
        const { container, unmount } = renderTool(tool, text);
        expectNothingDangerous(container, tool.id);
        unmount();
        renders += 1;
        continue;
      }
      const perRender = Math.max(1, distinctStrings(tool.example.output));
      for (let offset = 0; offset < payloads.length; offset += perRender) {
        const start = offset;
        const { container, unmount } = renderTool(tool, poisoned(tool, (n) => payloads[(start + n) % payloads.length]!));
        expectNothingDangerous(container, `${tool.id} from payload ${start}`);
        unmount();
        localStorage.clear();
        renders += 1;
      }
    }
    expect(renders).toBeGreaterThan(tools.length);
  }, 120_000);

  it('markdown results: each payload as the whole answer, as text and as JSON shown as markdown', () => {
    const tool = toolById('smart-notes');
    for (const x of xssPayloads) {
      for (const result of [{ kind: 'text', text: x.payload }, { kind: 'json', data: { notes: x.payload, list: [x.payload] } }] as const) {
        const { container, unmount } = render(<MarkdownResult {...rendererProps(tool)} result={result} />);
        expectNothingDangerous(container, `markdown ${result.kind} with ${x.id}`);
        unmount();
      }
    }
  }, 60_000);

  it('streaming previews: partial markdown, and partial JSON with hostile keys and values', () => {
    const essay = toolById('essay-buddy');
    const schema = rendererProps(essay).schema;
    const bodies: [string, ComponentType<PreviewBodyProps>][] = [['markdown', MarkdownPreview], ['structured', StructuredPreview]];
    for (const x of xssPayloads) {
      const data = {
        ...(poisoned(essay, () => x.payload) as object),
        // A preview shows unvalidated JSON, so keys the schema does not know are shown too.
        [x.payload]: { [x.payload]: [x.payload] },
      };
      const json = JSON.stringify(data);
      for (const [kind, Body] of bodies) {
        const text = kind === 'markdown' ? x.payload : json;
        // Markdown cut anywhere is checked on the sanitiser itself (safeHtml.xss.test.ts); here a few cuts per body.
        const cuts = kind === 'markdown' ? [text.length, Math.floor(text.length / 2)] : [text.length, Math.floor(text.length / 3), Math.floor((text.length * 2) / 3)];
        for (const cut of cuts) {
          const { container, unmount } = render(<Body text={text.slice(0, cut)} schema={kind === 'markdown' ? undefined : schema} />);
          expectNothingDangerous(container, `${kind} preview of ${x.id} cut at ${cut}`);
          unmount();
        }
      }
    }
  }, 120_000);

  it('Copy takes the text as it is: every payload verbatim, as plain text', () => {
    for (const id of bespoke) {
      const tool = toolById(id);
      const data = poisoned(tool, (n) => payloads[n % payloads.length]!);
      const text = resultAsText({ kind: 'json', data }, rendererProps(tool).schema);
      const shown = distinctStrings(data);
      expect(shown).toBeGreaterThan(0);
      // Every hostile string the result holds reaches the clipboard unchanged: copied, not interpreted.
      const strings: string[] = [];
      JSON.stringify(data, (_, v: unknown) => (typeof v === 'string' && strings.push(v), v));
      for (const s of strings) expect(text).toContain(s);
    }
  });
});
