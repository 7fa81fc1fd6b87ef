import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { Marked, type MarkedExtension } from 'marked';
import { mathExtension, type MathRenderer, type MathSegment, type Segment } from './mathDelimiters';

/*
 * Model output is untrusted. Every HTML path goes through here: markdown is
 * parsed by marked and the HTML sanitised by DOMPurify before it reaches the
 * DOM. The sanitiser works from an allowlist, not a blocklist: the elements
 * and attributes markdown needs (and the few formatting tags models write
 * by hand), nothing that can run script, load anything, submit a form or
 * navigate the page.
 *
 *   - no SVG or MathML (the home of most mutation-XSS tricks), no media, no
 *     frames, objects, forms or controls, no <style>, <meta>, <base>, <link>;
 *   - no event handlers, style, class, id or name attributes (an id could pose
 *     as one of the app's own elements, such as the gateway's settings);
 *   - links only to http(s):, mailto: or an in-app #fragment, so never
 *     javascript:, vbscript: or data:, however encoded; links that leave the
 *     app open in a new tab without access to it;
 *   - raw HTML in the markdown is shown as text, except bare formatting tags
 *     without attributes (<br>, <sup>, <details>...): see rawHtmlAsText;
 *   - images are not loaded (the Content-Security-Policy would refuse other
 *     sites' images anyway, and they could track the reader): an image
 *     becomes a link to it, labelled with its description.
 *
 * src/kernel/testing/xssPayloads.ts holds the corpus the tests check this against.
 */

const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'col', 'colgroup', 'dd', 'del', 'details', 'div', 'dl',
  'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'ins', 'kbd', 'li', 'mark', 'ol',
  'p', 'pre', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'tr', 'u', 'ul', 'var',
];

/** href is checked against SAFE_URL; align comes from markdown tables, start from numbered lists. */
const ALLOWED_ATTR = ['href', 'title', 'align', 'start', 'colspan', 'rowspan'];

/** After DOMPurify has removed whitespace and control characters and decoded entities. */
const SAFE_URL = /^(?:(?:https?|mailto):|#)/i;

const config: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  KEEP_CONTENT: true,
};

let purifier: DOMPurify | undefined;

/** Our own DOMPurify instance (its hook touches nobody else's), made on first use: it needs a window. */
function instance(): DOMPurify {
  if (purifier) return purifier;
  const made = createDOMPurify(window);
  made.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && !href.startsWith('#')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  purifier = made;
  return made;
}

export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, config);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Tags a model may write by hand in markdown, kept when they carry no attributes at all (<br>, <sup>, <details>...). */
const BARE_TAGS = new Set(ALLOWED_TAGS.filter((tag) => tag !== 'a'));

/**
 * Raw HTML in the markdown, as the reader should see it: bare formatting
 * tags from BARE_TAGS stay markup, every other tag (anything with an
 * attribute, any other element, comments, CDATA) is shown as the text it
 * is. So hostile markup never reaches an HTML parser as markup (not even
 * DOMPurify's, whose parsing alone makes a strict CSP report a violation
 * for each inline handler or style), and the reader sees what was written.
 */
function rawHtmlAsText(html: string): string {
  return html.replace(/<(\/?)([a-z][a-z0-9]*)\s*(\/?)>|[<>]/gi, (match, close: string | undefined, name: string | undefined) => {
    const tag = name?.toLowerCase();
    if (tag !== undefined && BARE_TAGS.has(tag)) return `<${close ?? ''}${tag}>`;
    return escapeHtml(match);
  });
}

/** marked with three renderers changed: raw HTML is reduced to bare tags, images become links, task-list boxes become characters (no <input>). */
const markdownOptions = {
  gfm: true,
  breaks: false,
  renderer: {
    html({ text }) {
      return rawHtmlAsText(text);
    },
    image({ href, text }) {
      const label = `Image: ${text.trim() || href}`;
      return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
    },
    checkbox({ checked }) {
      return checked ? '\u2611 ' : '\u2610 ';
    },
  },
} satisfies MarkedExtension;

const markdown = new Marked(markdownOptions);

/**
 * What DOMPurify receives: marked's HTML with raw HTML reduced to bare tags.
 * Exported for the tests only (it is NOT safe to render); render
 * markdownToSafeHtml.
 */
export function unsanitizedMarkdownHtml(text: string): string {
  return markdown.parse(text, { async: false });
}

/*
 * Math. MathML is kept out of the sanitiser above: math is taken
 * out of the markdown as a placeholder, the rest is sanitised as always, and
 * each formula, rendered by KaTeX to MathML and sanitised on its own against
 * a MathML allowlist, is put back in its place. The allowlist is the
 * presentation elements KaTeX writes and their layout attributes: no
 * annotation-xml, mglyph or malignmark (the MathML side of mutation-XSS), no
 * href, style, class or id. A formula that cannot be rendered is shown as its
 * TeX source, as text.
 */

const MATH_TAGS = [
  'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mspace', 'mtext', 'mfrac', 'msqrt', 'mroot',
  'msub', 'msup', 'msubsup', 'munder', 'mover', 'munderover', 'mtable', 'mtr', 'mtd', 'mstyle', 'mpadded', 'mphantom',
  'menclose', 'merror',
];
const MATH_ATTR = [
  'display', 'mathvariant', 'stretchy', 'fence', 'separator', 'lspace', 'rspace', 'accent', 'accentunder', 'linethickness',
  'columnalign', 'rowalign', 'rowspacing', 'columnspacing', 'scriptlevel', 'displaystyle', 'encoding', 'width', 'height',
  'depth', 'voffset', 'notation', 'minsize', 'maxsize', 'movablelimits', 'symmetric', 'largeop', 'form', 'xmlns',
];
// No attribute here holds a URL: their values are exempt from DOMPurify's URL check (which would drop display="block"), and no URL attribute is allowed at all.
const mathConfig: Config = { ...config, ALLOWED_TAGS: MATH_TAGS, ALLOWED_ATTR: MATH_ATTR, ADD_URI_SAFE_ATTR: MATH_ATTR, ALLOWED_URI_REGEXP: /^$/ };

/** MathML (KaTeX's output) reduced to the presentation allowlist; anything else in it goes. */
export function sanitizeMathml(html: string): string {
  const clean = instance().sanitize(html, mathConfig);
  return /^<math[\s>]/.test(clean) ? clean : '';
}

/** U+E000 and U+E001 mark a formula's place; a model's own are dropped so none can pose as one. */
const PLACEHOLDER_CHARS = /[\ue000\ue001]/g;
const placeholder = (n: number) => `\ue000${n}\ue001`;

/** A formula as safe HTML: its MathML, or its TeX source as text. */
function mathHtml(segment: MathSegment, render: MathRenderer | undefined): string {
  const rendered = render?.(segment.tex, segment.display);
  return rendered ?? escapeHtml(segment.source);
}

export function markdownToSafeHtml(text: string, renderMath?: MathRenderer): string {
  if (!renderMath) return sanitizeHtml(unsanitizedMarkdownHtml(text));
  const found: MathSegment[] = [];
  const parser = new Marked(markdownOptions, { extensions: [mathExtension(found, placeholder)] });
  const html = sanitizeHtml(parser.parse(text.replace(PLACEHOLDER_CHARS, ''), { async: false }));
  return html.replace(/\ue000(\d+)\ue001/g, (_, n: string) => (found[Number(n)] ? mathHtml(found[Number(n)]!, renderMath) : ''));
}

/** Plain text with its formulas rendered: escaped text, and each formula's MathML or TeX source. */
export function textWithMathToSafeHtml(segments: readonly Segment[], renderMath: MathRenderer): string {
  return segments.map((s) => (s.kind === 'text' ? escapeHtml(s.text) : mathHtml(s, renderMath))).join('');
}
