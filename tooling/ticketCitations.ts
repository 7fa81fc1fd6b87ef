import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Comments give the reason, not a ticket number: a reader of the repository
 * cannot open the tracker, so a ticket's number in parentheses, or "that
 * ticket's scale target", tells them nothing. This finds such citations in
 * comments and test titles only. Strings the product shows or sends (a
 * registry prompt quoting a journal's volume and issue) are product text, and
 * prose (README.md, docs/, other markdown) is left to its authors. "spec N"
 * stays allowed: it names a section of docs/spec.md, which the repository holds.
 */

/** The word issue or ticket, either case, singular or plural, then a number after a space, "-" or "#": a tracker entry. */
const CITATION = /\b(?:issues?|tickets?)[ -]?#?\d+/i;

/** Code whose comments are `//`, `/* … *\/` or, in HTML, `<!-- … -->`. */
const SLASH_COMMENTS = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css|html)$/;

/** Files whose comments start with `#`: configuration, shell scripts and container recipes. */
const HASH_COMMENTS = /(\.(ya?ml|sh|toml)|(^|\/)(Dockerfile|Caddyfile|run|\.gitignore|\.dockerignore|\.env[\w.-]*))$/;

/** A test's or a suite's title: the first string given to describe, it, test or bench (with .skip, .each...). */
const TEST_TITLE = /\b(?:describe|it|test|bench)(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g;

/** Prose, which its authors keep: every markdown file and the docs/ folder. */
function isProse(file: string): boolean {
  return file.endsWith('.md') || file.startsWith('docs/');
}

/** Where the comment on a line of slash-comment code starts, or -1: `//` that is not a URL's, `/*`, `<!--`. */
function slashCommentStart(line: string): number {
  const starts = [/(^|[^:\\])\/\//.exec(line), /\/\*/.exec(line), /<!--/.exec(line)]
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => (match[0].startsWith('/') || match[0].startsWith('<') ? match.index : match.index + 1));
  return starts.length === 0 ? -1 : Math.min(...starts);
}

/** The spans of a line's test titles, as [start, end) offsets. */
function titleSpans(line: string): Array<[number, number]> {
  return [...line.matchAll(TEST_TITLE)].map((match) => [match.index, match.index + match[0].length]);
}

/** Each line of `text` (a file named `file`) whose comment or test title cites a ticket, as "file:line: text". */
export function citationsIn(file: string, text: string): string[] {
  const hash = HASH_COMMENTS.test(file);
  if (!hash && !SLASH_COMMENTS.test(file)) return [];
  const found: string[] = [];
  let inBlock = false;
  text.split('\n').forEach((line, index) => {
    const citation = CITATION.exec(line);
    const blockStarted = inBlock;
    if (!hash) {
      // A block comment spans lines when a line opens one with nothing before it and does not close it.
      if (inBlock) inBlock = !line.includes('*/') && !line.includes('-->');
      else inBlock = /^\s*(\{?\/\*|<!--)/.test(line) && !/\*\/|-->/.test(line);
    }
    if (!citation) return;
    const at = citation.index;
    const commentStart = hash ? line.search(/(^|\s)#/) : slashCommentStart(line);
    const inComment = blockStarted || (commentStart !== -1 && at >= commentStart);
    const inTitle = !hash && titleSpans(line).some(([start, end]) => at >= start && at < end);
    if (inComment || inTitle) found.push(`${file}:${index + 1}: ${line.trim()}`);
  });
  return found;
}

/** The repository's files under `root` that git tracks or would track (ignored files left out), prose excepted. */
export function checkedFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return [...new Set(listed.split('\0').filter((file) => file !== '' && !isProse(file)))].sort();
}

/** Every ticket citation in a comment or test title of the repository at `root`, as "file:line: text". */
export function ticketCitations(root: string): string[] {
  return checkedFiles(root).flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      return []; // listed by git but deleted in the work tree
    }
    return citationsIn(file, text);
  });
}
