import readability from 'text-readability';
import type { ToolResult } from '../../kernel/runTool';

/*
 * The reading level a result is written at, measured in the browser (issue
 * 13) with text-readability, a port of Python's textstat: the Flesch-Kincaid
 * grade (sentence length and syllables per word) and the Coleman-Liau index
 * (letters per word, no syllable counting), two formulas that fail
 * differently, averaged. English only: both are fitted to English text, so
 * other languages get no measurement rather than a wrong one.
 *
 * Loaded with the first result that needs it, never with a page.
 */

export interface Measurement {
  /** The two formulas' mean, to one decimal and at least 0: the grade shown and compared with the target. */
  grade: number;
  fleschKincaid: number;
  colemanLiau: number;
}

/**
 * Fewer words than this give no measurement: the formulas count sentences
 * and syllables, and a few short lines (a quiz option, a title) say nothing
 * reliable about a text's level.
 */
export const MIN_WORDS_MEASURED = 30;

/** A line ends a sentence: headings, list items and table cells read as sentences of their own. */
function asSentence(line: string): string {
  const text = line.trim();
  if (text === '') return '';
  return /[.!?:;]["')\]]*$/.test(text) ? text : `${text}.`;
}

/** Markdown as the prose a reader reads: no code, no markup, links as their words. */
export function proseOfMarkdown(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .split('\n')
    .map((line) => line.replace(/^\s*(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)/, '').replace(/[*_~]+/g, '').replace(/\|/g, ' ').replace(/\s+/g, ' '))
    .map(asSentence)
    .filter(Boolean)
    .join(' ');
}

function stringsIn(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    if (!/^https?:\/\//.test(value.trim())) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) stringsIn(item, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) stringsIn(item, out);
  }
}

/** The prose of a result: markdown without markup, or every text value of a structured one, each read as a sentence. */
export function proseOf(result: ToolResult): string {
  if (result.kind === 'text') return proseOfMarkdown(result.text);
  const texts: string[] = [];
  stringsIn(result.data, texts);
  return texts.map((text) => proseOfMarkdown(text)).filter(Boolean).join(' ');
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The measured grade of a text; null when it is too short to measure. */
export function measureText(text: string): Measurement | null {
  if (readability.lexiconCount(text) < MIN_WORDS_MEASURED) return null;
  const fleschKincaid = oneDecimal(readability.fleschKincaidGrade(text));
  const colemanLiau = oneDecimal(readability.colemanLiauIndex(text));
  if (!Number.isFinite(fleschKincaid) || !Number.isFinite(colemanLiau)) return null;
  // Very easy text scores below zero; no reader is below grade 0, so the grade shown stops there.
  return { grade: Math.max(0, oneDecimal((fleschKincaid + colemanLiau) / 2)), fleschKincaid, colemanLiau };
}

export function measureResult(result: ToolResult): Measurement | null {
  return measureText(proseOf(result));
}

/**
 * Whether a measurement misses a target grade by more than one grade. Adult
 * (13) has no ceiling: anything from grade 12 up reads as adult prose.
 */
export function missesTarget(target: number, measured: Measurement): boolean {
  if (target >= 13) return measured.grade < 12;
  return Math.abs(measured.grade - target) > 1;
}
