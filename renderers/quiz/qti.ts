import { baseNameOf, wellFormed, withoutControlCharacters, type ExportInput } from '../../src/features/export';
import type { QuizItem } from './items';
import { quizExport } from './quizExport';

/*
 * A quiz for Canvas: a QTI 1.2 content package, the ".zip" that
 * Canvas's "Import Course Content > QTI .zip file" reads (Blackboard, D2L
 * and Moodle's QTI importers read the same format). Laid out as Canvas's own
 * quiz export lays it out (instructure/canvas-lms lib/cc/qti: qti_manifest.rb
 * and qti_items.rb), so Canvas maps each question to its own type:
 *
 *   imsmanifest.xml          one resource of type imsqti_xmlv1p2 naming the quiz file
 *   <ident>/<ident>.xml      <questestinterop><assessment><section><item>...
 *
 * Each item carries Canvas's question_type and points_possible metadata;
 * multiple choice and true/false are a response_lid with one response_label
 * a choice, scored by a respcondition that sets SCORE to 100 when the right
 * label is chosen; fill in the blank is a short_answer_question (response_str
 * with render_fib), right when the typed answer equals the key. An item type
 * the quiz screen does not know is left out, as in GIFT.
 *
 * Every text is escaped for XML; the question is HTML (Canvas shows question
 * text as HTML), so it is escaped for HTML first: what a model wrote,
 * <script> included, arrives as the same characters on the page, never as
 * markup. The zip is written by fflate (already in the Word export's chunk),
 * loaded only when this format is chosen.
 */

/** What XML 1.0 cannot hold: control characters, lone surrogates, U+FFFE and U+FFFF. */
function xmlSafe(text: string): string {
  return wellFormed(withoutControlCharacters(text)).replace(/[\ufffe\uffff]/g, '\ufffd');
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text as XML (or HTML) character data or an attribute value. */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A choice or key: plain text on one line. */
const plain = (text: string) => escapeXml(xmlSafe(text).replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim());
/** A question: escaped once as HTML inside a <div> (line breaks kept as <br>), then once more as XML. */
const html = (text: string) =>
  escapeXml(`<div>${xmlSafe(text).trim().split(/\r\n?|\n|\u2028|\u2029/).map(escapeXml).join('<br>')}</div>`);

const field = (label: string, entry: string) => `<qtimetadatafield><fieldlabel>${label}</fieldlabel><fieldentry>${entry}</fieldentry></qtimetadatafield>`;

const CANVAS_TYPE: Record<Exclude<QuizItem['kind'], 'unknown'>, string> = {
  choice: 'multiple_choice_question',
  trueFalse: 'true_false_question',
  fill: 'short_answer_question',
};

const SCORE = '<outcomes><decvar maxvalue="100" minvalue="0" varname="SCORE" vartype="Decimal"/></outcomes>';
const scoredWhen = (value: string) =>
  `<respcondition continue="No"><conditionvar><varequal respident="response1">${value}</varequal></conditionvar><setvar action="Set" varname="SCORE">100</setvar></respcondition>`;

function choices(item: QuizItem): readonly string[] {
  return item.kind === 'trueFalse' ? ['True', 'False'] : item.options;
}

/** The index of the right choice, or -1 when the key names none of them. */
function rightChoice(item: QuizItem): number {
  if (item.kind === 'trueFalse') return ['true', 'false'].indexOf(item.answer.trim().toLowerCase());
  return item.options.indexOf(item.answer);
}

function response(item: QuizItem, ident: string): { presentation: string; scoring: string } {
  if (item.kind === 'fill') {
    return {
      presentation: '<response_str ident="response1" rcardinality="Single"><render_fib><response_label ident="answer1" rshuffle="No"/></render_fib></response_str>',
      scoring: scoredWhen(plain(item.answer)),
    };
  }
  const labels = choices(item).map(
    (choice, i) => `<response_label ident="${ident}_${i + 1}"><material><mattext texttype="text/plain">${plain(choice)}</mattext></material></response_label>`,
  );
  const right = rightChoice(item);
  return {
    presentation: `<response_lid ident="response1" rcardinality="Single"><render_choice>${labels.join('')}</render_choice></response_lid>`,
    scoring: right < 0 ? '' : scoredWhen(`${ident}_${right + 1}`),
  };
}

function qtiItem(item: QuizItem, n: number): string | null {
  if (item.kind === 'unknown') return null;
  const ident = `q${n}`;
  const { presentation, scoring } = response(item, ident);
  return [
    `<item ident="${ident}" title="Question ${n}">`,
    `<itemmetadata><qtimetadata>${field('question_type', CANVAS_TYPE[item.kind])}${field('points_possible', '1.0')}</qtimetadata></itemmetadata>`,
    `<presentation><material><mattext texttype="text/html">${html(item.question)}</mattext></material>${presentation}</presentation>`,
    `<resprocessing>${SCORE}${scoring}</resprocessing>`,
    '</item>',
  ].join('\n');
}

/** Identifiers are XML IDs: a letter first, then letters and digits; the time keeps two exports from colliding in one course. */
const packageIdent = (madeAt: string | undefined) => `studyforge_${(madeAt ? Date.parse(madeAt) : Date.now()) || Date.now()}`;

export function qtiFiles(input: ExportInput, items: readonly QuizItem[]): Record<string, string> {
  const ident = packageIdent(input.madeAt);
  const title = plain(baseNameOf(input));
  const questions = items.flatMap((item, i) => qtiItem(item, i + 1) ?? []);
  if (questions.length === 0) throw new Error('This quiz has no question an LMS could import.');
  const quiz = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/ims_qtiasiv1p2 http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd">',
    `<assessment ident="${ident}" title="${title}">`,
    `<qtimetadata>${field('cc_maxattempts', '1')}</qtimetadata>`,
    '<section ident="root_section">',
    ...questions,
    '</section>',
    '</assessment>',
    '</questestinterop>',
    '',
  ].join('\n');
  const manifest = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest identifier="${ident}_manifest" xmlns="http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1">`,
    `<metadata><schema>IMS Content</schema><schemaversion>1.1.3</schemaversion></metadata>`,
    '<organizations/>',
    '<resources>',
    `<resource identifier="${ident}" type="imsqti_xmlv1p2" href="${ident}/${ident}.xml"><file href="${ident}/${ident}.xml"/></resource>`,
    '</resources>',
    '</manifest>',
    '',
  ].join('\n');
  return { 'imsmanifest.xml': manifest, [`${ident}/${ident}.xml`]: quiz };
}

export const qtiFormat = quizExport.binary({
  key: 'qti',
  label: 'Canvas / LMS quiz (QTI .zip)',
  build: async (items, input) => {
    const files = qtiFiles(input, items);
    const { strToU8, zipSync } = await import('fflate');
    const bytes = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
    return { baseName: `${baseNameOf(input)} - QTI`, extension: 'zip', type: 'application/zip', bytes };
  },
});
