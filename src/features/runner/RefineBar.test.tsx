// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../kernel/defineTool';
import { OUTPUT_LANGUAGE_KEY, useOutputLanguage } from '../refine';
import { useSettings } from '../settings';
import { toolFormOf } from '../../kernel/toolForm';
import { ToolRunner } from './ToolRunner';
import { useToolSessions } from './toolSessions';

/*
 * The refine bar and version bar in jsdom with the real stores and
 * the offline sample backend: what a keyboard user meets under a result.
 */

const tool = defineTool({
  id: 'refine-test-tool',
  title: 'Refine Test',
  description: 'A tool for the refine bar test.',
  icon: 'science',
  category: 'Math and science',
  fields: [{ name: 'topic', kind: 'text', label: 'Topic', required: true }],
  prompt: 'Explain {{topic}}.',
  result: z.object({ summary: z.string().describe('Summary') }),
  example: { input: { topic: 'Tides' }, output: { summary: 'The moon pulls the sea.' } },
});

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
  useOutputLanguage.setState({ language: 'en' });
  useToolSessions.setState({ sessions: {} });
  useToolSessions.getState().open(tool);
});
afterEach(cleanup);

async function withResult() {
  const user = userEvent.setup();
  render(<ToolRunner tool={toolFormOf(tool)} declaration={tool} />);
  await user.type(screen.getByLabelText(/Topic/), 'Tides');
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  const toolbar = await screen.findByRole('toolbar', { name: 'Refine this result' }, { timeout: 5000 });
  // A new answer takes focus at its heading: the tests move focus from there, not before it lands.
  const heading = screen.getByRole('heading', { name: 'Result' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  return { user, toolbar, versions: () => screen.getByRole('group', { name: 'Versions' }) };
}

describe('the refine bar', () => {
  it('is a toolbar the arrow keys move through, with one tab stop', async () => {
    const { user, toolbar } = await withResult();
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Shorter', 'Longer', 'Simpler', 'More challenging', 'More examples', 'Friendlier', 'More formal']);
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[6]);
  });

  it('keeps Ask disabled while the change is blank, and refuses one over the limit, saying the limit', async () => {
    const { user } = await withResult();
    const ask = screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
    const input = screen.getByLabelText('Ask for a change');
    expect(ask.disabled).toBe(true);
    await user.type(input, '   ');
    expect(ask.disabled).toBe(true);
    await user.clear(input);
    await user.click(input);
    await user.paste('x'.repeat(501));
    expect(ask.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('A change request can be at most 500 characters; this one has 501.');
    await user.keyboard('{Enter}');
    expect(useToolSessions.getState().sessions[tool.id]?.versions).toHaveLength(1);
  });

  it('adds a version per change, announced, that the arrow keys step back from', async () => {
    const { user, toolbar, versions } = await withResult();
    expect(versions().textContent).toContain('Version 1 of 1: First answer');
    await user.click(within(toolbar).getByRole('button', { name: 'Shorter' }));
    await waitFor(() => expect(versions().textContent).toContain('Version 2 of 2: Shorter'), { timeout: 5000 });
    // The sample backend can only show its example again, and says so.
    expect(versions().textContent).toContain('refinements need a model');
    const status = within(versions()).getByText(/Version 2 of 2/).closest('[aria-live]');
    expect(status?.getAttribute('aria-live')).toBe('polite');

    await user.type(screen.getByLabelText('Ask for a change'), 'in Spanish for grade 5{Enter}');
    await waitFor(() => expect(versions().textContent).toContain('Version 3 of 3: in Spanish for grade 5'), { timeout: 5000 });
    expect(versions().textContent).toContain('Asked for, in order: Shorter → in Spanish for grade 5');

    within(versions()).getByRole('button', { name: 'Earlier version' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(versions().textContent).toContain('Version 2 of 3: Shorter');
    await user.keyboard('{Home}');
    expect(versions().textContent).toContain('Version 1 of 3: First answer');
    expect((within(versions()).getByRole('button', { name: 'Earlier version' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('remembers the output language for every tool and offers to rewrite the shown version in it', async () => {
    const { user } = await withResult();
    const language = screen.getByLabelText('Output language') as HTMLSelectElement;
    expect(language.options.length).toBeGreaterThanOrEqual(25);
    await user.selectOptions(language, 'es');
    expect(localStorage.getItem(OUTPUT_LANGUAGE_KEY)).toBe('"es"');
    await user.selectOptions(screen.getByLabelText('Reading level'), 'grade-5');
    await user.click(screen.getByRole('button', { name: 'Rewrite: Spanish, Grade 5' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Versions' }).textContent).toContain('Version 2 of 2: Rewrite: Spanish, Grade 5'), { timeout: 5000 });
    // The version shown is now in the chosen language and level: nothing left to rewrite.
    expect(screen.queryByRole('button', { name: /^Rewrite:/ })).toBeNull();
  });
});

describe('where focus goes as a change ends', () => {
  it('goes to the new version\'s heading, never to the page, after a one-click change and after Rewrite', async () => {
    const { user, toolbar, versions } = await withResult();
    await user.click(within(toolbar).getByRole('button', { name: 'Shorter' }));
    // While it is on its way, its progress and Cancel are in the version bar, and Cancel has focus.
    expect(within(versions()).getByRole('status').textContent).toContain('Working on your change: Shorter');
    expect(document.activeElement).toBe(within(versions()).getByRole('button', { name: 'Cancel' }));
    const heading = () => within(versions()).getByRole('heading', { level: 3 });
    await waitFor(() => expect(heading().textContent).toContain('Version 2 of 2: Shorter'), { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(heading()));

    await user.selectOptions(screen.getByLabelText('Output language'), 'es');
    await user.click(screen.getByRole('button', { name: /^Rewrite:/ }));
    await waitFor(() => expect(heading().textContent).toContain('Version 3 of 3: Rewrite'), { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(heading()));
  });

  it('goes back to the button that asked when the change is cancelled', async () => {
    const { user, toolbar, versions } = await withResult();
    const longer = within(toolbar).getByRole('button', { name: 'Longer' });
    await user.click(longer);
    await user.click(within(versions()).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(longer);
  });

  it('names each version by what it answers once the answers are to different inputs', async () => {
    const { user, versions } = await withResult();
    const topic = screen.getByLabelText(/Topic/);
    await user.clear(topic);
    await user.type(topic, 'Volcanoes');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(versions().textContent).toContain('Version 2 of 2: New answer · Volcanoes'), { timeout: 5000 });
    await user.click(within(versions()).getByRole('button', { name: 'Earlier version' }));
    expect(versions().textContent).toContain('Version 1 of 2: First answer · Tides');
  });
});

describe('leaving the tool mid-refinement', () => {
  it('cancels the change and keeps the version that was shown', async () => {
    const { user, toolbar } = await withResult();
    await user.click(within(toolbar).getByRole('button', { name: 'Longer' }));
    expect(useToolSessions.getState().sessions[tool.id]?.status).toBe('refining');
    cleanup(); // The tool's screen goes, as when another tool is opened.
    const session = useToolSessions.getState().sessions[tool.id];
    expect(session).toMatchObject({ status: 'idle', notice: 'The last request was stopped when you left this tool.' });
    expect(session?.versions).toHaveLength(1);
    // Nothing arrives later into the session of a screen nobody is looking at.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(useToolSessions.getState().sessions[tool.id]?.versions).toHaveLength(1);
  });

  it('tells the user, at the form, when answers come in another language', async () => {
    useOutputLanguage.setState({ language: 'fr' });
    render(<ToolRunner tool={toolFormOf(tool)} declaration={tool} />);
    expect(screen.getByText('Answers are written in French: change it under a result.')).toBeTruthy();
  });
});
