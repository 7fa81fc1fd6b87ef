// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../kernel/defineTool';
import { messages } from '../../kernel/messages';
import { useSettings } from '../settings';
import { useToolSessions } from './toolSessions';
import { ToolRunner } from './ToolRunner';
import { toolFormOf } from '../../kernel/toolForm';

/*
 * The generic tool screen's logic, in jsdom with the real stores, the real
 * form engine and the real backends (the offline sample one, and the
 * contract client against a local server that fails): what Playwright shows
 * end to end, checked here at unit speed.
 */

const tool = defineTool({
  id: 'runner-test-tool',
  title: 'Runner Test',
  description: 'A tool for the ToolRunner test.',
  icon: 'science',
  category: 'Math and science',
  fields: [
    { name: 'topic', kind: 'text', label: 'Topic', required: true },
    { name: 'level', kind: 'select', label: 'Level', options: ['Beginner', 'Advanced'], default: 'Beginner' },
  ],
  prompt: 'Explain {{topic}} for a {{level}} student.',
  result: z.object({ summary: z.string().describe('Summary'), steps: z.array(z.string()).min(1).describe('Steps') }),
  example: {
    input: { topic: 'Photosynthesis', level: 'Beginner' },
    output: { summary: 'Plants make sugar from light.', steps: ['Light is absorbed', 'Sugar is made'] },
  },
});

/** A quiz, whose renderer takes the page: its form folds away while the quiz is shown. */
const quiz = defineTool({
  id: 'runner-test-quiz',
  title: 'Runner Test Quiz',
  description: 'A quiz for the ToolRunner test.',
  icon: 'quiz',
  category: 'Quizzes and practice',
  fields: [{ name: 'topic', kind: 'textarea', label: 'Topic or text', required: true }],
  prompt: 'Write a quiz on:\n{{topic}}',
  result: z
    .array(
      z.object({
        question: z.string().min(1).describe('Question'),
        options: z.array(z.string().min(1)).length(4).describe('Options'),
        answer: z.string().min(1).describe('Answer'),
        difficulty: z.enum(['Easy', 'Medium', 'Hard']).describe('Difficulty'),
      }),
    )
    .min(1)
    .describe('Quiz questions'),
  actionLabel: 'Create Quiz',
  renderer: 'quiz',
  rendererOptions: { compareAnswers: 'exact' },
  // The quiz renderer asks for help after a wrong answer: not used here, declared because the renderer needs it.
  followUps: {
    remediation: {
      prompt: 'Help with:\n{{question}}',
      result: z.object({
        diagnosis: z.string().min(1).describe('What went wrong'),
        microLesson: z.string().min(1).describe('Micro-lesson'),
        followUpQuestion: z
          .object({
            question: z.string().min(1).describe('Question'),
            options: z.array(z.string().min(1)).length(4).describe('Options'),
            answer: z.string().min(1).describe('Answer'),
            difficulty: z.literal('Easy').describe('Difficulty'),
          })
          .describe('Try this one'),
      }),
      example: {
        diagnosis: 'The wind moves waves, not tides.',
        microLesson: 'The Moon pulls the oceans.',
        followUpQuestion: { question: 'What pulls the tides?', options: ['The Moon', 'The wind', 'Mars', 'Clouds'], answer: 'The Moon', difficulty: 'Easy' },
      },
    },
  },
  example: {
    input: { topic: 'Tides' },
    output: [{ question: 'What mostly pulls the tides?', options: ['The Moon', 'The wind', 'Mars', 'Clouds'], answer: 'The Moon', difficulty: 'Easy' }],
  },
});

let failing: Server;
let failingUrl = '';
let requests = 0;

beforeAll(async () => {
  failing = createServer((_request, response) => {
    requests += 1;
    const body = requests === 1 ? '{"error":"boom"}' : '';
    response.writeHead(500, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(body);
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/generate`;
});
afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())));

beforeEach(() => {
  localStorage.clear();
  requests = 0;
  useSettings.getState().reset();
  useToolSessions.setState({ sessions: {} });
  useToolSessions.getState().open(tool);
});
afterEach(cleanup);

const generate = () => screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement;

describe('ToolRunner', () => {
  it('keeps Generate disabled while a required field is blank or only spaces', async () => {
    const user = userEvent.setup();
    render(<ToolRunner tool={toolFormOf(tool)} declaration={tool} />);
    expect(generate().disabled).toBe(true);
    await user.type(screen.getByLabelText(/Topic/), '   ');
    expect(generate().disabled).toBe(true);
    await user.type(screen.getByLabelText(/Topic/), 'Tides');
    expect(generate().disabled).toBe(false);
  });

  it('shows the answer of the offline sample backend under its labels, and keeps the inputs', async () => {
    const user = userEvent.setup();
    render(<ToolRunner tool={toolFormOf(tool)} declaration={tool} />);
    await user.type(screen.getByLabelText(/Topic/), 'Photosynthesis');
    await user.click(generate());
    // The sample backend streams: first a preview, then the checked result under its heading, with its renderer.
    expect(await screen.findByRole('heading', { name: 'Result' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/A preview of the answer so far/)).toBeNull());
    expect(await screen.findByText('Plants make sugar from light.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Summary')).toBeTruthy();
    expect(screen.getByText('Sugar is made')).toBeTruthy();
    expect((screen.getByLabelText(/Topic/) as HTMLInputElement).value).toBe('Photosynthesis');
    expect(useToolSessions.getState().sessions[tool.id]?.values.topic).toBe('Photosynthesis');
  });

  it('gives the new answer focus at its heading, and leaves a restored answer where it was', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ToolRunner tool={toolFormOf(tool)} declaration={tool} />);
    await user.type(screen.getByLabelText(/Topic/), 'Photosynthesis');
    await user.click(generate());
    const heading = await screen.findByRole('heading', { name: 'Result' }, { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    unmount();
    // Opened again with the answer stored: focus stays where the page put it.
    render(<ToolRunner tool={toolFormOf(tool)} declaration={tool} />);
    expect(await screen.findByRole('heading', { name: 'Result' })).not.toBe(document.activeElement);
  });

  it('folds a quiz\'s form into one line of inputs while the quiz is shown, and unfolds it with Edit inputs', async () => {
    useToolSessions.getState().open(quiz);
    const user = userEvent.setup();
    render(<ToolRunner tool={toolFormOf(quiz)} declaration={quiz} />);
    await user.type(screen.getByLabelText(/Topic or text/), 'Tides');
    await user.click(screen.getByRole('button', { name: quiz.actionLabel ?? 'Generate' }));
    const edit = await screen.findByRole('button', { name: 'Edit inputs' }, { timeout: 5000 });
    expect(screen.getByText(/Topic or text: Tides/)).toBeTruthy();
    // Hidden, not removed: the inputs stay in the form for "Try again".
    expect(screen.queryByRole('textbox', { name: /Topic or text/ })).toBeNull();
    await user.click(edit);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Topic or text/ }));
    expect(screen.queryByRole('button', { name: 'Edit inputs' })).toBeNull();
  });

  it("shows the spec's message when the backend fails, and leaves the form usable to try again", async () => {
    useSettings.getState().save({ backendUrl: failingUrl, publicKey: '', transcribeUrl: '' });
    const user = userEvent.setup();
    render(<ToolRunner tool={toolFormOf(tool)} declaration={tool} />);
    await user.type(screen.getByLabelText(/Topic/), 'Tides');
    await user.click(generate());
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    // The contract's error body carries the message the user reads (spec 8: the backend's error, else the status).
    expect(alert.textContent).toContain('boom');
    expect(requests).toBe(1);
    expect(generate().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requests).toBe(2));
    // Without an error text the status is what the user reads, in the spec's words.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messages.requestFailed(500)));
    expect((screen.getByLabelText(/Topic/) as HTMLInputElement).value).toBe('Tides');
  });

  it('gives a failed Generate\'s error focus, not the earlier result it keeps', async () => {
    const user = userEvent.setup();
    render(<ToolRunner tool={toolFormOf(tool)} declaration={tool} />);
    await user.type(screen.getByLabelText(/Topic/), 'Tides');
    await user.click(generate());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Result' })), { timeout: 5000 });
    useSettings.getState().save({ backendUrl: failingUrl, publicKey: '', transcribeUrl: '' });
    await user.click(generate());
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('heading', { name: 'Result' })).toBeTruthy();
  });
});
