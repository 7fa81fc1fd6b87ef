// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../kernel/messages';
import { ErrorBox } from './ErrorBox';

afterEach(cleanup);

describe('ErrorBox', () => {
  it('links the word Settings to the Settings screen, the message word for word', () => {
    const message = messages.backendUnreachable('http://127.0.0.1:9');
    render(<ErrorBox message={message} />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.error-box-message')?.textContent).toBe(message);
    expect(within(alert).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('#/settings');
  });

  it('links each mention, and leaves a message without one as it is', () => {
    render(<ErrorBox message="Settings said no. Change the Model field in Settings." />);
    expect(screen.getAllByRole('link', { name: 'Settings' })).toHaveLength(2);
    cleanup();
    render(<ErrorBox message={messages.requestFailed(401)} />);
    expect(screen.getByRole('alert').textContent).toBe('ErrorRequest failed with status 401');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
