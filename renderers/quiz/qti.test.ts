// @vitest-environment jsdom
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { xssPayloads } from '../../src/kernel/testing/xssPayloadList';
import { qtiFormat } from './qti';

/*
 * A quiz as a QTI 1.2 package for Canvas, opened the way Canvas
 * opens it: unzipped, the manifest read for the quiz file it names, and that
 * file parsed by a real XML parser. A teacher would notice each question
 * arriving as its own type (multiple choice, true/false, short answer) with
 * its right answer marked, and hostile model text arriving as the same text,
 * never as markup, in a file that still imports.
 */

const QTI = 'http://www.imsglobal.org/xsd/ims_qtiasiv1p2';
const context = { document: () => ({ title: '', meta: [], blocks: [] }) };

const quiz = [
  { type: 'MCQ', question: 'Which is a <b>set</b> & a list?', options: ['{1, 2}', 'a "quoted" one', "it's", '<i>x</i>'], answer: '{1, 2}' },
  { type: 'TF', question: 'Water boils at 100 °C at sea level.', options: ['True', 'False'], answer: 'True' },
  { type: 'TF', question: 'The Sun orbits the Earth.', options: ['True', 'False'], answer: 'false' },
  { type: 'FIB', question: 'The powerhouse of the cell is the ____.', options: [], answer: 'mitochondria' },
  { type: 'MATCH', question: 'A type no screen knows', options: [], answer: 'x' },
];

function parseXml(source: string): Document {
  const doc = new DOMParser().parseFromString(source, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

interface ReadItem {
  type: string | undefined;
  /** The question as Canvas shows it: its HTML rendered to text. */
  question: string;
  choices: string[];
  /** The choice (or typed answer) that scores 100. */
  right: string | undefined;
}

/** What Canvas would import: the manifest's quiz file, parsed, each item read by its parts. */
async function openPackage(data: unknown, topic = 'Cells') {
  const file = await qtiFormat.build({ toolTitle: 'Interactive Quiz Builder', topic, data, madeAt: '2026-11-23T10:00:00Z' }, context);
  const zip = unzipSync(file.bytes);
  const manifest = parseXml(strFromU8(zip['imsmanifest.xml']!));
  const resource = manifest.getElementsByTagName('resource')[0]!;
  expect(resource.getAttribute('type')).toBe('imsqti_xmlv1p2');
  const href = resource.getAttribute('href')!;
  expect(Object.keys(zip)).toContain(href);
  const doc = parseXml(strFromU8(zip[href]!));
  expect(doc.documentElement.namespaceURI).toBe(QTI);
  const byTag = (node: Element | Document, tag: string) => [...node.getElementsByTagNameNS(QTI, tag)];
  const items: ReadItem[] = byTag(doc, 'item').map((item) => {
    const meta = byTag(item, 'qtimetadatafield').find((f) => byTag(f, 'fieldlabel')[0]?.textContent === 'question_type');
    const html = byTag(byTag(item, 'presentation')[0]!, 'mattext')[0]!;
    expect(html.getAttribute('texttype')).toBe('text/html');
    const rendered = document.createElement('div');
    rendered.innerHTML = html.textContent ?? '';
    rendered.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
    const labels = byTag(item, 'response_label').filter((l) => byTag(l, 'mattext').length > 0);
    const rightValue = byTag(item, 'varequal')[0]?.textContent ?? undefined;
    const rightLabel = labels.find((l) => l.getAttribute('ident') === rightValue);
    return {
      type: meta && byTag(meta, 'fieldentry')[0]?.textContent ? byTag(meta, 'fieldentry')[0]!.textContent! : undefined,
      question: rendered.textContent ?? '',
      choices: labels.map((l) => byTag(l, 'mattext')[0]!.textContent ?? ''),
      right: rightLabel ? byTag(rightLabel, 'mattext')[0]!.textContent ?? undefined : rightValue,
    };
  });
  return { file, doc, items, rendered: (i: number) => byTag(doc, 'item')[i]! };
}

describe('QTI export (Canvas)', () => {
  it('multiple choice, true/false and fill in the blank, each as its Canvas type with the right answer scored; an unknown type left out', async () => {
    const { file, doc, items } = await openPackage(quiz);
    expect(file).toMatchObject({ baseName: 'Interactive Quiz Builder - Cells - QTI', extension: 'zip', type: 'application/zip' });
    expect(doc.getElementsByTagNameNS(QTI, 'assessment')[0]!.getAttribute('title')).toBe('Interactive Quiz Builder - Cells');
    expect(items).toEqual([
      { type: 'multiple_choice_question', question: quiz[0]!.question, choices: quiz[0]!.options, right: '{1, 2}' },
      { type: 'true_false_question', question: quiz[1]!.question, choices: ['True', 'False'], right: 'True' },
      { type: 'true_false_question', question: quiz[2]!.question, choices: ['True', 'False'], right: 'False' },
      { type: 'short_answer_question', question: quiz[3]!.question, choices: [], right: 'mitochondria' },
    ]);
  });

  it('the XSS corpus, line breaks and control characters arrive as text, never as markup, and every item keeps its key', async () => {
    const hostile = xssPayloads.map((p) => ({ question: `Q ${p.payload}\n\u0007`, options: [`right ${p.payload}`, 'wrong', 'x', 'y'], answer: `right ${p.payload}` }));
    const { items, doc } = await openPackage(hostile, '<img src=x onerror=alert(1)>');
    expect(items).toHaveLength(hostile.length);
    const visible = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
    const oneLine = (s: string) => visible(s).replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ');
    items.forEach((item, i) => {
      expect(item.type).toBe('multiple_choice_question');
      // The question's HTML, rendered, is the model's text, its line breaks kept: the payload is characters on the page.
      expect(item.question).toBe(visible(`Q ${xssPayloads[i]!.payload}`).replace(/\r\n?|\u2028|\u2029/g, '\n'));
      expect(item.right).toBe(oneLine(hostile[i]!.answer));
    });
    // Nothing but QTI's own elements: no payload became an element of the file.
    const names = new Set([...doc.getElementsByTagName('*')].map((el) => el.localName));
    expect([...names].filter((n) => !/^(questestinterop|assessment|qtimetadata|qtimetadatafield|fieldlabel|fieldentry|section|item|itemmetadata|presentation|material|mattext|response_lid|render_choice|response_label|resprocessing|outcomes|decvar|respcondition|conditionvar|varequal|setvar)$/.test(n))).toEqual([]);
  });

  it('refuses, with a reason, data that is not a quiz or has no question an LMS could import', async () => {
    await expect(qtiFormat.build({ toolTitle: 'QuizWhiz', data: { notes: 'x' } }, context)).rejects.toThrow('not a quiz');
    await expect(qtiFormat.build({ toolTitle: 'QuizWhiz', data: [quiz[4]] }, context)).rejects.toThrow('no question an LMS could import');
  });
});
