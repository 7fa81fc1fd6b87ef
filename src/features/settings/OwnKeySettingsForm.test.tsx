// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://school.example/studyforge/"}
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OwnKeySettingsForm, ollamaOriginToAllow } from './OwnKeySettingsForm';

/*
 * N3: Ollama answers browsers only from 127.0.0.1, 0.0.0.0 and localhost unless
 * OLLAMA_ORIGINS names the site (ollama docs/faq.mdx l.222). Served from another origin, the
 * own-key settings say which origin to add, next to the address field and linked to it.
 */
afterEach(cleanup);

describe('the OLLAMA_ORIGINS note', () => {
  it('names this site’s origin when Ollama is chosen, described by the address field', async () => {
    const user = userEvent.setup();
    render(<OwnKeySettingsForm />);
    await user.click(screen.getByRole('switch', { name: 'Call a provider with my own key' }));
    expect(screen.queryByText(/OLLAMA_ORIGINS/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Provider'), 'ollama');
    const address = screen.getByLabelText('Provider address');
    const ids = (address.getAttribute('aria-describedby') ?? '').split(' ');
    const note = ids.map((id) => document.getElementById(id)).find((el) => el?.textContent?.includes('OLLAMA_ORIGINS=https://school.example'));
    expect(note).toBeTruthy();
    expect(note?.textContent).toContain('This page is served from https://school.example');
    expect(note?.textContent).toContain('OLLAMA_ORIGINS=https://school.example ollama serve');
    // Another provider: no note.
    await user.selectOptions(screen.getByLabelText('Provider'), 'gemini');
    expect(screen.queryByText(/This page is served from/)).toBeNull();
    expect(screen.getByLabelText('Provider address').getAttribute('aria-describedby')?.split(' ')).toHaveLength(1);
  });

  it('is not needed on localhost, 127.0.0.1, 0.0.0.0 or a file', () => {
    expect(ollamaOriginToAllow({ protocol: 'http:', hostname: 'localhost', origin: 'http://localhost:8787' })).toBeNull();
    expect(ollamaOriginToAllow({ protocol: 'http:', hostname: '127.0.0.1', origin: 'http://127.0.0.1:4173' })).toBeNull();
    expect(ollamaOriginToAllow({ protocol: 'http:', hostname: '0.0.0.0', origin: 'http://0.0.0.0:8787' })).toBeNull();
    expect(ollamaOriginToAllow({ protocol: 'file:', hostname: '', origin: 'null' })).toBeNull();
    expect(ollamaOriginToAllow({ protocol: 'http:', hostname: '192.168.1.20', origin: 'http://192.168.1.20:8787' })).toBe('http://192.168.1.20:8787');
    expect(ollamaOriginToAllow({ protocol: 'https:', hostname: 'school.example', origin: 'https://school.example' })).toBe('https://school.example');
  });
});
