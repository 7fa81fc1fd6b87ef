// @vitest-environment jsdom
import JSZip from 'jszip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultDocument, type ExportDocument } from './document';
import { docxOfDocument } from './docx';
import { contentHtml } from './html';
import { PRINT_ROOT_ID, printDocument } from './printDocument';

/*
 * An Arabic answer reads right to left in every format that keeps layout:
 * Word's bidi paragraphs and right-to-left runs, the rich copy's and the
 * printed page's `dir`. An English answer quoting Arabic lays out only the
 * quote right to left; the lines StudyForge writes (title, date) follow
 * their own letters.
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const arabic = '## البناء الضوئي\n\nتصنع النباتات غذاءها من ضوء الشمس.\n\n- الماء\n- ثاني أكسيد الكربون\n';
const mixed = '## Photosynthesis\n\nPlants make food from light.\n\nتصنع النباتات غذاءها من ضوء الشمس.\n';

const docOf = (data: string, language?: string): ExportDocument => ({
  ...defaultDocument({ toolTitle: 'SmartNotes', data, madeAt: '2026-11-27T10:00:00Z' }),
  ...(language ? { language } : {}),
});

/** Each Word paragraph's text, whether it is a bidi paragraph, and whether all its runs are right to left. */
async function wordParagraphs(doc: ExportDocument) {
  const zip = await JSZip.loadAsync(await docxOfDocument(doc));
  const xml = new DOMParser().parseFromString(await zip.file('word/document.xml')!.async('string'), 'application/xml');
  return [...xml.getElementsByTagNameNS(W, 'p')]
    .map((p) => {
      const runs = [...p.getElementsByTagNameNS(W, 'r')];
      return {
        text: [...p.getElementsByTagNameNS(W, 't')].map((t) => t.textContent).join(''),
        bidi: p.getElementsByTagNameNS(W, 'bidi').length > 0,
        rtlRuns: runs.length > 0 && runs.every((r) => r.getElementsByTagNameNS(W, 'rtl').length > 0),
      };
    })
    .filter((p) => p.text !== '');
}

afterEach(() => {
  document.getElementById(PRINT_ROOT_ID)?.remove();
  vi.restoreAllMocks();
});

describe('an answer asked in Arabic', () => {
  it('is a Word file of right-to-left paragraphs and runs, its English title and date left to right', async () => {
    const paragraphs = await wordParagraphs(docOf(arabic, 'ar'));
    const content = paragraphs.filter((p) => /[\u0600-\u06ff]/.test(p.text));
    expect(content.map((p) => p.text)).toEqual(['البناء الضوئي', 'تصنع النباتات غذاءها من ضوء الشمس.', 'الماء', 'ثاني أكسيد الكربون']);
    expect(content.every((p) => p.bidi && p.rtlRuns)).toBe(true);
    expect(paragraphs.filter((p) => /SmartNotes|StudyForge/.test(p.text)).map((p) => p.bidi)).toEqual([false, false]);
  });

  it('is copied and printed right to left', () => {
    const copied = new DOMParser().parseFromString(contentHtml(docOf(arabic, 'ar')), 'text/html').body;
    expect(copied.firstElementChild?.getAttribute('dir')).toBe('rtl');
    expect(copied.textContent).toContain('تصنع النباتات غذاءها');

    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    printDocument(docOf(arabic, 'ar'));
    const printed = document.getElementById(PRINT_ROOT_ID)!;
    expect(printed.dir).toBe('rtl');
    expect(printed.querySelector('h1')?.dir).toBe('ltr');
  });

  it('is right to left even where a block starts with an English word', async () => {
    const paragraphs = await wordParagraphs(docOf('DNA يحمل المعلومات الوراثية.', 'ar'));
    expect(paragraphs.find((p) => p.text.startsWith('DNA'))?.bidi).toBe(true);
  });
});

describe('an English answer quoting Arabic', () => {
  it('lays out only the Arabic block right to left, in Word, the copy and print', async () => {
    const paragraphs = await wordParagraphs(docOf(mixed, 'en'));
    expect(paragraphs.filter((p) => p.bidi).map((p) => p.text)).toEqual(['تصنع النباتات غذاءها من ضوء الشمس.']);

    const copied = new DOMParser().parseFromString(contentHtml(docOf(mixed, 'en')), 'text/html').body;
    expect([...copied.querySelectorAll('[dir]')].map((el) => [el.getAttribute('dir'), el.textContent])).toEqual([['rtl', 'تصنع النباتات غذاءها من ضوء الشمس.']]);

    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    printDocument(docOf(mixed, 'en'));
    const printed = document.getElementById(PRINT_ROOT_ID)!;
    expect(printed.hasAttribute('dir')).toBe(false);
    expect([...printed.querySelectorAll('[dir]')].map((el) => [el.getAttribute('dir'), el.textContent])).toEqual([['rtl', 'تصنع النباتات غذاءها من ضوء الشمس.']]);
  });

  it('without a language (a saved item), reads by the first letter: Arabic content right to left', () => {
    const copied = new DOMParser().parseFromString(contentHtml(docOf(arabic)), 'text/html').body;
    expect(copied.firstElementChild?.getAttribute('dir')).toBe('rtl');
  });
});
