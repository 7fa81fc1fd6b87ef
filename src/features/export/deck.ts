import { resultTopic } from '../../kernel/resultTopic';
import type { Block, ExportDocument, ListItem, Run } from './documentModel';
import { baseNameOf, type ExportInput } from './format';

/*
 * A result as a slide deck, from its document's structure, so a lesson plan,
 * notes, a study plan or a levelled text become slides with no code of their
 * own: a title slide naming the topic, then one titled slide per section.
 * A section is a heading with something under it; a heading with nothing under
 * it but one sub-section lends that section its name ("Variant 1: Discovery
 * lab"), one over several (a "Day-by-day plan" over its days) leaves them
 * their own. On a slide go what a class reads: paragraphs, list items, a
 * table's first column (a lesson's phases); in the speaker notes go the
 * details the presenter needs: a table's other columns (times, what happens),
 * nested list items, and what came before the first section. Notes never
 * repeat the slide and carry no bullet characters: a notes page is prose.
 */

export interface DeckSlide {
  title: string;
  /** The slide's text, one paragraph each (bulleted when the section lists them). */
  points: string[];
  bulleted: boolean;
  /** The speaker notes, one paragraph each. */
  notes: string[];
}

export interface Deck {
  /** The title slide's text, the file's title and name: the topic, else the tool's name. */
  title: string;
  /** The file's subject: the tool and the topic. */
  subject: string;
  /** The title slide's speaker notes. */
  opening: string[];
  slides: DeckSlide[];
}

interface Section {
  level: number;
  title: string;
  blocks: Block[];
}

const runsText = (runs: readonly Run[]) => runs.map((r) => r.text).join('').trim();

/** The document cut at its headings; what comes before the first heading has level 0. */
function sectionsOf(blocks: readonly Block[]): Section[] {
  const sections: Section[] = [{ level: 0, title: '', blocks: [] }];
  for (const block of blocks) {
    if (block.kind === 'heading') sections.push({ level: block.level, title: block.text.trim(), blocks: [] });
    else if (block.kind !== 'pageBreak') sections.at(-1)!.blocks.push(block);
  }
  return sections;
}

/** Sections with content, each named; an empty heading with exactly one sub-section names it, else is dropped. */
function titledSections(all: readonly Section[]): Section[] {
  const prefix = new Map<number, string>();
  all.forEach((section, i) => {
    if (section.level === 0 || section.blocks.length > 0) return;
    const end = all.findIndex((s, j) => j > i && s.level <= section.level);
    const below = all.slice(i + 1, end === -1 ? undefined : end);
    const top = Math.min(...below.map((s) => s.level));
    const children = below.filter((s) => s.level === top);
    if (children.length === 1 && children[0]!.blocks.length > 0) {
      const child = all.indexOf(children[0]!);
      prefix.set(child, [prefix.get(i), section.title].filter(Boolean).join(': '));
    }
  });
  return all
    .map((section, i) => ({ ...section, title: [prefix.get(i), section.title].filter(Boolean).join(': ') }))
    .filter((section) => section.level > 0 && section.blocks.length > 0 && section.title !== '');
}

/** A nested list's items as plain lines, for the notes. */
function itemLines(items: readonly ListItem[]): string[] {
  return items.flatMap((item) => [runsText(item.runs), ...(item.children ? itemLines(item.children.items) : [])]);
}

/** "Hook (5 min): Show a sealed jar...": a row's first cell, the middle ones in brackets, then the last. */
function rowLine(row: readonly string[]): string {
  const cells = row.map((cell) => cell.trim());
  if (cells.length < 2) return cells[0] ?? '';
  const middle = cells.slice(1, -1).filter(Boolean);
  return `${cells[0]}${middle.length > 0 ? ` (${middle.join(', ')})` : ''}: ${cells.at(-1)}`;
}

interface SlideText {
  points: string[];
  notes: string[];
  bulleted: boolean;
}

function slideText(blocks: readonly Block[]): SlideText {
  const text: SlideText = { points: [], notes: [], bulleted: false };
  for (const block of blocks) {
    switch (block.kind) {
      case 'paragraph':
      case 'quote':
        text.points.push(runsText(block.runs));
        break;
      case 'code':
        text.points.push(block.text.trim());
        break;
      case 'list':
        text.bulleted = true;
        for (const item of block.items) {
          text.points.push(runsText(item.runs));
          if (item.children) text.notes.push(...itemLines(item.children.items));
        }
        break;
      case 'table':
        text.bulleted = true;
        for (const row of block.rows) {
          text.points.push(row[0]?.trim() ?? '');
          if (row.length > 1) text.notes.push(rowLine(row));
        }
        break;
      default:
        break;
    }
  }
  return text;
}

/** Notes as prose: no empty lines, no bullet characters at their start, nothing the slide already shows, each line once. */
function cleanNotes(notes: readonly string[], shown: readonly string[]): string[] {
  const seen = new Set(shown);
  return notes
    .map((line) => line.replace(/^\s*(?:[•◦▪‣∙·*-]\s+)+/u, '').trim())
    .filter((line) => line !== '' && !seen.has(line) && seen.add(line));
}

/** The document's sections as slides: none when it has no headed section. */
export function slidesOf(doc: ExportDocument): DeckSlide[] {
  return titledSections(sectionsOf(doc.blocks)).map((section) => {
    const text = slideText(section.blocks);
    const points = text.points.filter((p) => p !== '');
    return { title: section.title, points, bulleted: text.bulleted, notes: cleanNotes(text.notes, [section.title, ...points]) };
  });
}

/** Whether a document reads as a deck: it has at least one titled section. */
export function hasSlides(doc: ExportDocument): boolean {
  return slidesOf(doc).length > 0;
}

/** The title, subject and name a deck of this result carries: the topic, and StudyForge's tool beside it. */
export function deckOf(input: ExportInput, slides: DeckSlide[], opening: readonly string[] = []): Deck {
  const title = resultTopic(input);
  return { title, subject: baseNameOf(input), opening: cleanNotes(opening, [title]), slides };
}

/** What a document says before its first section: the title slide's speaker notes. */
export function openingOf(doc: ExportDocument): string[] {
  const opening = slideText(sectionsOf(doc.blocks)[0]!.blocks);
  return [...opening.points, ...opening.notes];
}
