// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineTool } from '../../kernel/defineTool';
import { toolFormOf } from '../../kernel/toolForm';
import { useSettings } from '../settings';
import { ToolRunner } from './ToolRunner';
import { useToolSessions } from './toolSessions';

/*
 * The result card of a tool declaring `copy: 'email'`, with the real stores
 * and the offline sample backend (which answers the example): Copy subject
 * and Copy body join Copy only when the answer has a subject line to split off.
 */

function emailTool(id: string, output: string) {
  return defineTool({
    id,
    title: 'Email Test',
    description: 'A tool for the email copy test.',
    icon: 'mail',
    category: 'Teaching',
    fields: [{ name: 'notes', kind: 'textarea', label: 'Notes', required: true }],
    prompt: 'Write an email from {{notes}}.',
    result: 'markdown',
    copy: 'email',
    example: { input: { notes: 'Trip on Friday' }, output },
  });
}

const withSubject = emailTool('email-with-subject', '**Subject:** Trip on Friday\n\nDear carers,\n\nWe go to the museum.');
const withoutSubject = emailTool('email-without-subject', 'Dear carers,\n\nWe go to the museum.');

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
  useToolSessions.setState({ sessions: {} });
});
afterEach(cleanup);

async function resultOf(tool: ReturnType<typeof emailTool>): Promise<HTMLElement> {
  useToolSessions.getState().open(tool);
  const user = userEvent.setup();
  render(<ToolRunner tool={toolFormOf(tool)} declaration={tool} />);
  await user.type(screen.getByLabelText(/Notes/), 'Trip on Friday');
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  const result = await screen.findByRole('region', { name: 'Result' }, { timeout: 5000 });
  await within(result).findByText('We go to the museum.', {}, { timeout: 5000 });
  return result;
}

async function resultActionsOf(tool: ReturnType<typeof emailTool>): Promise<string[]> {
  const result = await resultOf(tool);
  return within(result).getAllByRole('button').map((button) => button.textContent ?? '');
}

describe('copying an email answer', () => {
  it('offers Copy subject and Copy body beside Copy when the answer opens with a subject line', async () => {
    const result = await resultOf(withSubject);
    // The two buttons' code loads with the result (only email tools need it): wait for it on a busy machine.
    await within(result).findByRole('button', { name: 'Copy body' }, { timeout: 15_000 });
    const labels = within(result).getAllByRole('button').map((button) => button.textContent ?? '');
    expect(labels).toEqual(expect.arrayContaining(['Copy', 'Copy subject', 'Copy body']));
  });

  it('shows only Copy when the answer has no subject line', async () => {
    const labels = await resultActionsOf(withoutSubject);
    expect(labels).toContain('Copy');
    expect(labels.filter((label) => label.includes('Copy subject') || label.includes('Copy body'))).toEqual([]);
  });
});
