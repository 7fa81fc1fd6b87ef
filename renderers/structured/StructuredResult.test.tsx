// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractSchema } from '../../src/kernel/contractSchema';
import { looksLikeMarkdown, StructuredView } from './StructuredView';

/*
 * Text values are text, unless they are written in markdown: then the reader
 * sees what the markdown means (bold, headings, lists), sanitised, never the
 * asterisks and hashes: no raw markdown on screen.
 */

afterEach(cleanup);

const schema: ContractSchema = {
  type: 'OBJECT',
  properties: { story: { type: 'STRING', description: 'Story' }, feedback: { type: 'STRING', description: 'Feedback' }, year: { type: 'STRING', description: 'Year' } },
};

describe('a structured text value', () => {
  it('written in markdown is rendered: bold and headings, not ** and ##', async () => {
    render(<StructuredView data={{ story: 'A messenger called **Mercury** ran.', feedback: '## What worked\n\n- a clear opening', year: '1929' }} schema={schema} />);
    // The markdown pipeline loads with the first markdown value.
    expect((await screen.findByText('Mercury')).tagName).toBe('STRONG');
    expect(await screen.findByRole('heading', { name: 'What worked' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What worked' }).tagName).toBe('H2');
    expect(screen.getByRole('listitem').textContent).toBe('a clear opening');
    expect(document.body.textContent).not.toMatch(/\*\*|##/);
  });

  it('in plain text stays a plain paragraph, and markup in it stays text', () => {
    render(<StructuredView data={{ story: 'Use <b>x</b> * 2 and 5 * 3 = 15.', year: '1929' }} schema={schema} />);
    expect(screen.getByText('Use <b>x</b> * 2 and 5 * 3 = 15.').tagName).toBe('P');
    expect(document.querySelector('b')).toBeNull();
  });

  it('in markdown with hostile HTML loses the HTML', async () => {
    render(<StructuredView data={{ story: '**Bold** <img src=x onerror="alert(1)"><script>alert(2)</script>' }} schema={schema} />);
    expect((await screen.findByText('Bold')).tagName).toBe('STRONG');
    expect(document.querySelector('img, script, [onerror]')).toBeNull();
  });

  it('is told apart by its syntax', () => {
    for (const md of ['**bold**', '# Title', '- one\n- two', '1. first', 'see `code`', '[a link](https://example.org)', '| a | b |', 'text\n## Then a heading']) {
      expect(looksLikeMarkdown(md), md).toBe(true);
    }
    for (const plain of ['1929', 'A sentence with a hyphen - here.', '5 * 3 = 15', 'snake_case_name', 'C# and F#', 'Price: $5 (approx.)']) {
      expect(looksLikeMarkdown(plain), plain).toBe(false);
    }
  });
});
