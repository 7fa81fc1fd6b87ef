// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLASS_MESSAGES } from '../../../kernel/classes/wire';
import { NewAssignmentForm } from './NewAssignmentForm';
import { fakeClassServer, type FakeClassServer } from './testing/fakeClassServer';

let server: FakeClassServer;
beforeEach(() => {
  server = fakeClassServer();
});
afterEach(cleanup);

const route = 'POST /api/classes/c1/assignments';

function showForm() {
  const onCreated = vi.fn();
  render(<NewAssignmentForm classId="c1" onCreated={onCreated} onCancel={() => undefined} />);
  return { onCreated, user: userEvent.setup() };
}

const toolNames = () => within(screen.getByRole('combobox', { name: 'Tool' })).getAllByRole('option').map((option) => option.textContent);

describe('the New assignment form', () => {
  it('offers only the tools the chosen AI-use level allows, with the level’s description', async () => {
    const { user } = showForm();
    expect(screen.getByRole('radio', { name: 'Practice' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Quizzes, flashcards and hints only.')).toBeTruthy();
    expect(toolNames()).toContain('QuizWhiz');
    expect(toolNames()).not.toContain('Essay Buddy');
    expect(toolNames()).not.toContain('Resume Rewriter');
    await user.click(screen.getByRole('radio', { name: 'Support' }));
    expect(toolNames()).toContain('Essay Buddy');
    expect(toolNames()).not.toContain('Resume Rewriter');
    await user.click(screen.getByRole('radio', { name: 'Open' }));
    expect(toolNames()).toContain('Resume Rewriter');
  });

  it('a tool the new level forbids is no longer chosen', async () => {
    const { user } = showForm();
    await user.click(screen.getByRole('radio', { name: 'Open' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tool' }), 'Resume Rewriter');
    await user.click(screen.getByRole('radio', { name: 'Practice' }));
    expect((screen.getByRole('combobox', { name: 'Tool' }) as HTMLSelectElement).value).toBe('');
  });

  it('checks the title and the tool before sending anything, naming each', async () => {
    const { user } = showForm();
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Choose a tool.')).toBeTruthy();
    expect(screen.getByText('Title is required.')).toBeTruthy();
    expect(screen.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(server.sent(route)).toEqual([]);
  });

  it('a due time before the opening time is refused in the form', async () => {
    const { user } = showForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tool' }), 'QuizWhiz');
    await user.type(screen.getByLabelText(/^Title/), 'Fractions');
    await user.type(screen.getByLabelText('Opens'), '2026-12-01T09:00');
    await user.type(screen.getByLabelText('Due'), '2026-11-30T09:00');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('The due time must be after the opening time.')).toBeTruthy();
    expect(server.sent(route)).toEqual([]);
  });

  it('sends the tool, its locked preset, hidden instructions, times as ISO and groups; the server’s refusal stays above the kept form', async () => {
    server.on(route, { status: 400, body: { error: CLASS_MESSAGES.levelForbidsTool } });
    const { user, onCreated } = showForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tool' }), 'QuizWhiz');
    const topic = await screen.findByRole('group', { name: 'Topic or text' });
    await user.type(within(topic).getByLabelText('Value'), 'The water cycle');
    await user.click(within(topic).getByRole('checkbox', { name: 'Locked' }));
    await user.type(screen.getByLabelText(/^Title/), 'Water cycle quiz');
    await user.type(screen.getByLabelText('Instructions for the AI (students do not see these)'), 'Never give the answer.');
    await user.type(screen.getByLabelText('Due'), '2026-12-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Add a group' }));
    const group = screen.getByRole('group', { name: 'Group 1' });
    await user.type(within(group).getByLabelText('Name'), 'Blue');
    await user.type(within(group).getByLabelText('Output language'), 'Spanish');
    await user.click(screen.getByRole('checkbox', { name: 'I approve the material before students see it' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    expect((await screen.findByRole('alert')).textContent).toContain(CLASS_MESSAGES.levelForbidsTool);
    expect(server.sent(route)[0]?.body).toEqual({
      toolId: 'quiz-whiz',
      title: 'Water cycle quiz',
      note: '',
      instructions: 'Never give the answer.',
      aiLevel: 'practice',
      presets: { topic: { value: 'The water cycle', shown: true, locked: true } },
      groups: [{ name: 'Blue', language: 'Spanish' }],
      dueAt: new Date('2026-12-01T09:30').toISOString(),
      needsApproval: true,
    });
    expect(onCreated).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Water cycle quiz');
    expect((within(topic).getByLabelText('Value') as HTMLTextAreaElement).value).toBe('The water cycle');
  });

  it('a group without a name is named in the form', async () => {
    const { user } = showForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tool' }), 'QuizWhiz');
    await user.type(screen.getByLabelText(/^Title/), 'Quiz');
    await user.click(screen.getByRole('button', { name: 'Add a group' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Group 1 needs a name.')).toBeTruthy();
    expect(server.sent(route)).toEqual([]);
  });
});
