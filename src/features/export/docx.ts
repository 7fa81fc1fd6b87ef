import { containsMath, splitMath } from '../../kernel/mathDelimiters';
import { loadKatex } from '../math';
import { blocksText, type Block, type ExportDocument, type ListItem, type ProjectDocument, type Run } from './document';
import { blockDirection, lineDirection } from './direction';

/*
 * Word (.docx) from a result's document, with the `docx` library,
 * loaded only when Word is chosen. Headings use Word's own heading styles (so
 * Word's navigation pane and Google Docs' outline see them), lists are real
 * numbered and bulleted lists, tables have a header row repeated across
 * pages. A project becomes one file: its name, a contents list linking to
 * each item, and each item on a page of its own. Text is given to the
 * library as text, which escapes it for XML: no markup from a model reaches
 * the file. A block that reads right to left (direction.ts decides) is a
 * right-to-left paragraph with right-to-left runs, as Word writes Arabic.
 */

type Docx = typeof import('docx');
type Paragraphs = InstanceType<Docx['Paragraph']> | InstanceType<Docx['Table']>;

const BULLETS = 'studyforge-bullets';
const NUMBERS = 'studyforge-numbers';
/** Nested lists deeper than Word's nine levels are drawn at the ninth. */
const MAX_LIST_LEVEL = 8;

type WordMathWriter = (tex: string, display: boolean) => InstanceType<Docx['Math']> | null;

/** A paragraph's options for its direction: Word's bidi paragraph for right to left, nothing (Word's default) otherwise. */
const paragraphDirection = (rtl: boolean) => (rtl ? { bidirectional: true } : {});
const isRtl = (text: string) => lineDirection(text) === 'rtl';

class Writer {
  /** Each ordered list restarts at 1: Word numbers lists sharing an instance as one. */
  private listInstance = 0;

  /** `math`, when the document holds TeX: formulas become Word equations. */
  constructor(
    private readonly docx: Docx,
    private readonly math?: WordMathWriter,
  ) {}

  runs(runs: readonly Run[], rtl = false) {
    const { TextRun } = this.docx;
    return runs.flatMap((run) =>
      run.text.split('\n').flatMap((line, i) => {
        const text = (t: string, first: boolean) =>
          new TextRun({
            text: t,
            bold: run.bold,
            italics: run.italic,
            ...(run.code ? { font: 'Consolas' } : {}),
            ...(i > 0 && first ? { break: 1 } : {}),
            ...(rtl ? { rightToLeft: true } : {}),
          });
        if (!this.math || run.code || !containsMath(line)) return [text(line, true)];
        return splitMath(line).map((segment, at) => (segment.kind === 'text' ? text(segment.text, at === 0) : (this.math!(segment.tex, segment.display) ?? text(segment.source, at === 0))));
      }),
    );
  }

  heading(level: number, text: string, anchor?: string, rtl = isRtl(text)) {
    const { Paragraph, HeadingLevel, Bookmark, TextRun } = this.docx;
    const levels = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
    const run = new TextRun({ text, ...(rtl ? { rightToLeft: true } : {}) });
    return new Paragraph({
      ...paragraphDirection(rtl),
      heading: levels[Math.min(levels.length, Math.max(1, level)) - 1],
      children: anchor ? [new Bookmark({ id: anchor, children: [run] })] : [run],
    });
  }

  list(list: { ordered: boolean; items: ListItem[] }, level: number, rtl: boolean, instance = ++this.listInstance): Paragraphs[] {
    const { Paragraph } = this.docx;
    const at = Math.min(level, MAX_LIST_LEVEL);
    return list.items.flatMap((item) => [
      new Paragraph({
        ...paragraphDirection(rtl),
        children: this.runs(item.runs, rtl),
        numbering: { reference: list.ordered ? NUMBERS : BULLETS, level: at, instance },
      }),
      ...(item.children ? this.list(item.children, level + 1, rtl) : []),
    ]);
  }

  table(header: readonly string[], rows: readonly string[][], rtl: boolean) {
    const { Table, TableRow, TableCell, Paragraph, WidthType } = this.docx;
    const cell = (text: string, bold = false) =>
      new TableCell({ children: [new Paragraph({ ...paragraphDirection(rtl), children: this.runs([{ text, bold }], rtl) })] });
    const width = header.length || 1;
    return new Table({
      // A right-to-left table starts its first column on the right, as the reader reads it.
      ...(rtl ? { visuallyRightToLeft: true } : {}),
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [
        new TableRow({ tableHeader: true, children: header.map((h) => cell(h, true)) }),
        ...rows.map((row) => new TableRow({ children: Array.from({ length: width }, (_, i) => cell(row[i] ?? '')) })),
      ],
    });
  }

  /** One block, laid out the way direction.ts says it reads in a document asked in `language`. */
  block(block: Block, language: string | undefined): Paragraphs[] {
    const { Paragraph, PageBreak } = this.docx;
    const rtl = blockDirection(block, language) === 'rtl';
    const paragraph = (runs: readonly Run[], options: { indent?: { left: number } | { start: number } } = {}) =>
      new Paragraph({ ...paragraphDirection(rtl), ...options, children: this.runs(runs, rtl) });
    switch (block.kind) {
      case 'heading':
        return [this.heading(block.level, block.text, undefined, rtl)];
      case 'paragraph':
        return [paragraph(block.runs)];
      case 'quote':
        // Indented from where the reader starts: the right, for a right-to-left quote.
        return [paragraph(block.runs.map((r) => ({ ...r, italic: true })), { indent: rtl ? { start: 720 } : { left: 720 } })];
      case 'list':
        return this.list(block, 0, rtl);
      case 'table':
        return [this.table(block.header, block.rows, rtl), new Paragraph({})];
      case 'code':
        return [paragraph([{ text: block.text, code: true }])];
      case 'pageBreak':
        return [new Paragraph({ children: [new PageBreak()] })];
    }
  }

  /** The date and inputs under a title, in grey italics. */
  meta(lines: readonly string[]): Paragraphs[] {
    const { Paragraph, TextRun } = this.docx;
    return lines.map((line) => {
      const rtl = isRtl(line);
      return new Paragraph({ ...paragraphDirection(rtl), children: [new TextRun({ text: line, italics: true, color: '555555', ...(rtl ? { rightToLeft: true } : {}) })] });
    });
  }

  /** The title, then its meta lines. */
  head(title: string, meta: readonly string[]): Paragraphs[] {
    const { Paragraph, TextRun, HeadingLevel } = this.docx;
    const rtl = isRtl(title);
    return [new Paragraph({ ...paragraphDirection(rtl), heading: HeadingLevel.TITLE, children: [new TextRun({ text: title, ...(rtl ? { rightToLeft: true } : {}) })] }), ...this.meta(meta)];
  }

  document(doc: ExportDocument): Paragraphs[] {
    return [...this.head(doc.title, doc.meta), ...doc.blocks.flatMap((b) => this.block(b, doc.language))];
  }

  /** A project: its title, a contents list linking to each item, then each item on a new page under a level-1 heading. */
  project(project: ProjectDocument): Paragraphs[] {
    const { Paragraph, TextRun, InternalHyperlink, PageBreak } = this.docx;
    const anchor = (i: number) => `item_${i + 1}`;
    const contents = project.sections.map(
      (section, i) =>
        new Paragraph({
          children: [new InternalHyperlink({ anchor: anchor(i), children: [new TextRun({ text: `${i + 1}. ${section.title}`, style: 'Hyperlink' })] })],
        }),
    );
    return [
      ...this.head(project.title, project.meta),
      this.heading(1, 'Contents'),
      ...contents,
      ...project.sections.flatMap((section, i) => [
        new Paragraph({ children: [new PageBreak()] }),
        this.heading(1, section.title, anchor(i)),
        ...this.meta(section.meta),
        ...section.blocks.flatMap((b) => this.block(b, section.language)),
      ]),
    ];
  }
}

function numbering(docx: Docx) {
  const { LevelFormat, AlignmentType } = docx;
  const levels = (format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (level: number) => string) =>
    Array.from({ length: MAX_LIST_LEVEL + 1 }, (_, level) => ({
      level,
      format,
      text: text(level),
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
    }));
  return {
    config: [
      { reference: BULLETS, levels: levels(LevelFormat.BULLET, (level) => ['•', '◦', '▪'][level % 3]!) },
      { reference: NUMBERS, levels: levels(LevelFormat.DECIMAL, (level) => `%${level + 1}.`) },
    ],
  };
}

/** A file's properties: what it is about (a result's topic) and what made it, for a file manager or Word's Info pane. */
export interface DocumentAbout {
  title: string;
  subject?: string;
}

async function pack(about: DocumentAbout, blocks: readonly Block[], build: (writer: Writer) => Paragraphs[]): Promise<Uint8Array> {
  const docx = await import('docx');
  // KaTeX and the equation writer load only for a document with math in it.
  const math = containsMath(blocksText(blocks))
    ? await Promise.all([loadKatex(), import('./docxMath')]).then(async ([katex, word]) => word.wordMathWriter(docx, await katex.loadMathRenderer()))
    : undefined;
  const writer = new Writer(docx, math);
  const file = new docx.Document({
    creator: 'StudyForge',
    lastModifiedBy: 'StudyForge',
    title: about.title,
    ...(about.subject ? { subject: about.subject } : {}),
    numbering: numbering(docx),
    sections: [{ children: build(writer) }],
  });
  return new Uint8Array(await docx.Packer.toArrayBuffer(file));
}

/** One result as a .docx file's bytes. */
export function docxOfDocument(doc: ExportDocument, about: DocumentAbout = { title: doc.title }): Promise<Uint8Array> {
  return pack(about, doc.blocks, (writer) => writer.document(doc));
}

/** A whole project as one .docx file's bytes, with a contents list. */
export function docxOfProject(project: ProjectDocument): Promise<Uint8Array> {
  return pack({ title: project.title }, project.sections.flatMap((s) => s.blocks), (writer) => writer.project(project));
}
