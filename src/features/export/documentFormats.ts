import { resultTopic } from '../../kernel/resultTopic';
import { openingOf, slidesOf } from './deck';
import { DOCX_TYPE } from './docxType';
import { baseNameOf, type BinaryFormat, type PrintFormat } from './format';

/*
 * The formats that write the result's document (document.ts), in its
 * renderer's layout when the renderer gives one (a quiz prints as a worksheet
 * with its key): Word, and print / Save as PDF, for every result; slides for
 * a document with sections (deck.ts decides, available.ts offers).
 */

export const docxFormat: BinaryFormat<'docx'> = {
  key: 'docx',
  kind: 'binary',
  label: 'Word / Google Docs (.docx)',
  build: async (input, context) => {
    const { docxOfDocument } = await import('./docx');
    const about = { title: resultTopic(input), subject: baseNameOf(input) };
    return { baseName: baseNameOf(input), extension: 'docx', type: DOCX_TYPE, bytes: await docxOfDocument(context.document(), about) };
  },
};

export const printFormat: PrintFormat = { key: 'print', kind: 'print', label: 'Print / Save as PDF' };

/** One titled slide per section of the result's document, the details in the speaker notes; pptxgenjs loads when chosen. */
export const slidesFormat: BinaryFormat<'pptx'> = {
  key: 'pptx',
  kind: 'binary',
  label: 'PowerPoint / Google Slides (.pptx)',
  build: async (input, context) => {
    const { pptxFileOf } = await import('./pptx');
    const doc = context.document();
    return pptxFileOf(input, slidesOf(doc), openingOf(doc));
  },
};
