// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTool } from '../../../kernel/catalogue';
import type { Artifact } from '../../../features/projects';
import { savedViewNotes } from './savedView';
import { storageKeys } from '../../../kernel/stored/storage';
import { rawMarkupIn } from '../../../kernel/testing/rawMarkup';
import { ArtifactList } from './ArtifactList';

/*
 * The project page shows each saved item as its tool made it:
 * one real registry tool per renderer kind, saved with its example output,
 * must come out rendered (no markdown syntax, no JSON), collapsed until
 * opened; an item whose tool is gone or whose data no longer fits shows in
 * the plain layout with a note; the spec's text view is one click away.
 */

const byKind = {
  markdown: 'smart-notes',
  structured: 'essay-buddy',
  quiz: 'quiz-whiz',
  flashcards: 'flashcard-generator',
  tabs: 'differentiated-text-generator',
  slides: 'presentation-generator',
  sprints: 'focus-sprint-planner',
} as const;

function artifactOf(toolId: string, data: unknown, id = `art_${toolId}`): Artifact {
  return { id, createdAt: '2026-11-20T10:00:00.000Z', toolId, data };
}

function renderList(artifacts: Artifact[], asText = false) {
  return render(<ArtifactList projectId="proj_1" projectName="Biology" artifacts={artifacts} asText={asText} />);
}

/** The item's rendered view, once its tool and renderer have loaded (opened, so it is in the accessibility tree). */
async function openItem(title: string) {
  // Named by its topic when it has one, the tool's title still in the heading.
  const item = screen.getByRole('heading', { level: 2, name: (name) => name.includes(title) }).closest('li')!;
  await userEvent.setup().click(within(item).getByRole('button', { name: /^Open/ }));
  const view = within(item).getByRole('region', { name: /item, saved/ });
  return { item, view };
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('a saved item on the project page', () => {
  it('is named by its topic (typed, or the title the result gives itself) with its tool beside it; else by its tool', () => {
    renderList([
      { ...artifactOf('essay-buddy', { outline: [] }, 'art_typed'), topic: 'Phones in class' },
      artifactOf('smart-notes', '# Photosynthesis\n\nLight in, sugar out.', 'art_heading'),
      artifactOf('smart-notes', 'Plain notes with no title.', 'art_plain'),
    ]);
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['Phones in class, Essay Buddy', 'Photosynthesis, SmartNotes', 'SmartNotes']);
  });

  for (const [kind, toolId] of Object.entries(byKind)) {
    it(`${kind} (${toolId}): rendered by its tool's renderer, without raw markdown or JSON`, async () => {
      const tool = await loadTool(toolId);
      renderList([artifactOf(toolId, tool.example.output)]);
      const { view } = await openItem(tool.title);
      // The renderer's own markup, waited for: its code loads lazily.
      await within(view).findAllByText(/\S/, { selector: 'h2, h3, h4, p, li, button, th, td, summary, dt, dd, strong' });
      expect(view.textContent!.length).toBeGreaterThan(20);
      expect(rawMarkupIn(view.innerText ?? view.textContent!)).toEqual([]);
      expect(screen.queryByText(/shown in a plain layout/)).toBeNull();
    });
  }

  it('is collapsed to an inert preview until opened, and Open says so', async () => {
    const tool = await loadTool('smart-notes');
    renderList([artifactOf('smart-notes', tool.example.output)]);
    const open = screen.getByRole('button', { name: /^Open/ });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    const preview = document.getElementById(open.getAttribute('aria-controls')!)!;
    expect(preview.hasAttribute('inert')).toBe(true);
    await userEvent.setup().click(open);
    expect(screen.getByRole('button', { name: /^Close/ }).getAttribute('aria-expanded')).toBe('true');
    expect(preview.hasAttribute('inert')).toBe(false);
  });

  it("a tool that no longer exists: the plain layout, with a note naming it, never a blank box", async () => {
    renderList([artifactOf('a-retired-tool', { summary: 'Photosynthesis makes sugar from light.', terms: ['chlorophyll'] })]);
    const { view } = await openItem('a-retired-tool');
    expect(await within(view).findByText(savedViewNotes.unknownTool('a-retired-tool'))).toBeTruthy();
    expect(await within(view).findByText('Photosynthesis makes sugar from light.')).toBeTruthy();
    expect(within(view).getByText('chlorophyll')).toBeTruthy();
    expect(rawMarkupIn(view.textContent!)).toEqual([]);
  });

  it('data that no longer fits its tool: the plain layout with a note, and its content', async () => {
    const quiz = await loadTool('quiz-whiz');
    renderList([artifactOf('quiz-whiz', { questions: [{ prompt: 'What is 2 + 2?' }] })]);
    const { view } = await openItem(quiz.title);
    expect(await within(view).findByText(savedViewNotes.noLongerFits(quiz.title))).toBeTruthy();
    expect(await within(view).findByText('What is 2 + 2?')).toBeTruthy();
  });

  it('markdown saved for a structured tool is shown as sanitised markdown, with the note', async () => {
    const essay = await loadTool('essay-buddy');
    renderList([artifactOf('essay-buddy', '## Old plan\n\n**Thesis** first<img src=x onerror="alert(1)">')]);
    const { view } = await openItem(essay.title);
    expect(await within(view).findByText(savedViewNotes.noLongerFits(essay.title))).toBeTruthy();
    expect((await within(view).findByRole('heading', { name: 'Old plan' })).tagName).toBe('H2');
    expect(view.querySelector('[onerror]')).toBeNull();
  });

  it('as text, an item is the spec’s view: the content as text, JSON pretty-printed', async () => {
    const tool = await loadTool('flashcard-generator');
    renderList([artifactOf('flashcard-generator', tool.example.output)], true);
    const text = screen.getByRole('region', { name: /item, saved/ });
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe(JSON.stringify(tool.example.output, null, 2));
  });

  it('a saved quiz taken on the project page keeps its progress apart from the tool page’s quiz', async () => {
    const tool = await loadTool('quiz-whiz');
    localStorage.setItem(storageKeys.rendererState('quiz:quiz-whiz'), JSON.stringify({ resultId: 'on-the-tool-page', state: { status: 'idle' } }));
    const before = localStorage.getItem(storageKeys.rendererState('quiz:quiz-whiz'));
    renderList([artifactOf('quiz-whiz', tool.example.output)]);
    const { view } = await openItem(tool.title);
    const user = userEvent.setup();
    // quiz-whiz's first question is multiple choice: picking an option answers it.
    const [first] = tool.example.output as { options: string[] }[];
    await user.click(await within(view).findByRole('button', { name: first!.options[0] }));
    expect(localStorage.getItem(storageKeys.rendererState('quiz:project:proj_1'))).toContain('art_quiz-whiz');
    expect(localStorage.getItem(storageKeys.rendererState('quiz:quiz-whiz'))).toBe(before);
  });
});
