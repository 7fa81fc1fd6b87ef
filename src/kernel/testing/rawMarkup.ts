/**
 * What must never show where a result is rendered: markdown syntax
 * left raw, or JSON (a quoted key, an escaped quote). Returns what was found.
 */
export function rawMarkupIn(text: string): string[] {
  const found: string[] = [];
  if (/^\s*#{1,6}\s/m.test(text)) found.push('a markdown heading (#)');
  if (/\*\*\S/.test(text)) found.push('markdown bold (**)');
  if (/^\s*\|.*\|\s*$/m.test(text)) found.push('a markdown table row (| … |)');
  if (/\]\(https?:/.test(text)) found.push('a markdown link ([text](url))');
  if (/\\"/.test(text)) found.push('an escaped quote (\\")');
  if (/"[A-Za-z_][\w]*"\s*:/.test(text)) found.push('a JSON key ("key":)');
  if (/^\s*[{[]\s*$/m.test(text)) found.push('a line holding only { or [');
  return found;
}
