// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { xssPayloads } from '../../kernel/testing/xssPayloadList';
import { blocksText, defaultDocument } from './document';
import { contentHtml } from './html';

/*
 * The rich copy: what Google Docs and Word receive when a result
 * is pasted. Its structure must survive (headings, lists, bold, tables), and
 * hostile text must arrive as the same text, never as an element or handler.
 */

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html').body;

describe('rich copy HTML', () => {
  it('keeps headings, lists, bold and tables', () => {
    const doc = defaultDocument({
      toolTitle: 'SmartNotes',
      data: '# Cells\n\nCells are **small**.\n\n- Nucleus\n- Membrane\n\n| Part | Job |\n|---|---|\n| Nucleus | Control |\n',
    });
    const body = parse(contentHtml(doc));
    expect([...body.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Cells']);
    expect(body.querySelector('strong')?.textContent).toBe('small');
    expect([...body.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Nucleus', 'Membrane']);
    expect([...body.querySelectorAll('th, td')].map((c) => c.textContent)).toEqual(['Part', 'Job', 'Nucleus', 'Control']);
    expect(blocksText(doc.blocks)).toBe('Cells\n\nCells are small.\n\n- Nucleus\n- Membrane\n\nPart\tJob\nNucleus\tControl');
  });

  it('the XSS corpus, as list items, as markdown and as table cells, is text: no element or attribute of its own', () => {
    const payloads = xssPayloads.map((p) => p.payload);
    const doc = defaultDocument({ toolTitle: 'x', data: { points: payloads, notes: payloads.join('\n\n'), rows: payloads.map((p) => ({ term: p, meaning: p })) } });
    const body = parse(contentHtml(doc));
    const tags = new Set([...body.querySelectorAll('*')].map((el) => el.localName));
    for (const tag of tags) expect(['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'pre', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'blockquote']).toContain(tag);
    expect([...body.querySelectorAll('*')].filter((el) => el.attributes.length > 0)).toEqual([]);
    const items = [...body.querySelectorAll('ul')[0]!.querySelectorAll('li')].map((li) => li.textContent);
    // Line breaks become <br> (no text): the rest is the payload as written.
    expect(items).toEqual(payloads.map((p) => p.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(/\r?\n/g, '')));
    expect(body.querySelectorAll('ul')[0]!.querySelectorAll('br').length).toBe(payloads.join('').split('\n').length - 1);
  });
});
