import { Marked, type Token } from 'marked';
import { mathExtension, type MathRenderer, type MathSegment } from '../../kernel/mathDelimiters';
import { texAsText } from './mathText';

/*
 * An answer's text (markdown) with each formula written as Unicode text and
 * everything else left exactly as written: what the plain-text half of a
 * copy holds. Formulas are found the way the screen finds them (marked with
 * the kernel's math extension), so code spans and blocks, prices and \$
 * keep their dollars.
 *
 * marked gives tokens, not places: each leaf token's source is looked for
 * in the text from where the previous one ended, so a formula is replaced
 * at its own place and never at a look-alike inside earlier code. A token
 * whose source marked rewrote (indented lines in nested lists) is not found
 * and its formula stays as written.
 */

interface Place {
  start: number;
  end: number;
  segment: MathSegment;
}

/** Tokens in document order, a parent before its children. */
function* inOrder(tokens: readonly Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if (token.type === 'list') for (const item of token.items) yield* inOrder([item]);
    else if (token.type === 'table') for (const cell of [...token.header, ...token.rows.flat()]) yield* inOrder(cell.tokens);
    else if ('tokens' in token && token.tokens) yield* inOrder(token.tokens);
  }
}

const isParent = (token: Token) => token.type === 'list' || token.type === 'table' || ('tokens' in token && !!token.tokens?.length);

function mathPlaces(text: string): Place[] {
  const found: MathSegment[] = [];
  const tokens = new Marked({ gfm: true, extensions: [mathExtension(found, () => '')] }).lexer(text);
  const places: Place[] = [];
  let cursor = 0;
  for (const token of inOrder(tokens)) {
    if (isParent(token) || !token.raw) continue;
    const at = text.indexOf(token.raw, cursor);
    if (at < 0) continue;
    cursor = at + token.raw.length;
    const segment = token.type === 'math' ? found[token.index as number] : undefined;
    if (segment) places.push({ start: at, end: cursor, segment });
  }
  return places;
}

/** `text` with each formula as Unicode text (C₆H₁₂O₆, x², a/b); a formula KaTeX cannot read stays as written. */
export function plainTextMath(text: string, render: MathRenderer): string {
  const asText = texAsText(render);
  let out = '';
  let from = 0;
  for (const { start, end, segment } of mathPlaces(text)) {
    out += text.slice(from, start) + (asText(segment.tex, segment.display) ?? segment.source);
    from = end;
  }
  return out + text.slice(from);
}
