import { DOCX_TYPE } from './docxType';
import { baseNameOf, type BinaryFormat, type PrintFormat } from './format';

/*
 * The formats every result has: Word, and print / Save as PDF.
 * Both write the result's document (document.ts), in its renderer's layout
 * when the renderer gives one (a quiz prints as a worksheet with its key).
 */

export const docxFormat: BinaryFormat<'docx'> = {
  key: 'docx',
  kind: 'binary',
  label: 'Word / Google Docs (.docx)',
  build: async (input, context) => {
    const { docxOfDocument } = await import('./docx');
    return { baseName: baseNameOf(input), extension: 'docx', type: DOCX_TYPE, bytes: await docxOfDocument(context.document()) };
  },
};

export const printFormat: PrintFormat = { key: 'print', kind: 'print', label: 'Print / Save as PDF' };
