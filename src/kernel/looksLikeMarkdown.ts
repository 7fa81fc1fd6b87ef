/*
 * Whether a text value in a structured result is Markdown: the structured
 * renderer shows such text formatted, and the exports (Word, print, rich
 * copy) keep its headings, lists and bold. Said once here for both.
 */

/** Markdown a reader would otherwise see as syntax: block marks at a line start, bold, code, links. */
const MARKDOWN_SYNTAX = /(^|\n)[ ]{0,3}(#{1,6}[ ]|[-*+][ ]|\d+\.[ ]|\|.*\|)|\*\*\S|__\S|`[^`\n]+`|\[[^\]\n]+\]\([^)\s]+\)/;

export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_SYNTAX.test(text);
}
