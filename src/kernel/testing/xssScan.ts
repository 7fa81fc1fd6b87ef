/**
 * Everything in `root` that could run script, load active content, submit
 * or navigate somewhere hostile, or take over the app's own elements: the
 * DOM check the XSS tests run after rendering hostile output, in jsdom and
 * (passed to locator.evaluate) in Chromium. Self-contained on purpose: it is
 * serialised into the page, so it may use nothing from outside its body.
 *
 * The app's own markup passes: its icons (an <svg> holding one <use> of the
 * sprite), its forms (no action) and React's style properties.
 */
export function findDanger(root: Element): string[] {
  const problems: string[] = [];
  const forbiddenTags = new Set([
    'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'style',
    'noscript', 'template', 'portal', 'isindex', 'keygen', 'xmp', 'plaintext', 'noembed', 'noframes',
    'marquee', 'img', 'video', 'audio', 'source', 'track', 'picture', 'map', 'area',
  ]);
  const urlAttributes = new Set([
    'href', 'xlink:href', 'src', 'action', 'formaction', 'data', 'poster', 'background', 'codebase', 'dynsrc',
    'lowsrc', 'ping', 'cite', 'longdesc', 'manifest', 'icon', 'values', 'to', 'from', 'by', 'code', 'archive',
  ]);
  const badScheme = /^(?:javascript|vbscript|livescript|mocha|data|blob|filesystem):/;
  const normalise = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '').toLowerCase();
  const label = (el: Element) => {
    const text = el.outerHTML;
    return text.length > 120 ? `${text.slice(0, 120)}...` : text;
  };
  const doc = root.ownerDocument;
  const here = doc.location?.host ?? '';
  const idCounts = new Map<string, number>();
  for (const el of Array.from(doc.querySelectorAll('[id]'))) idCounts.set(el.id, (idCounts.get(el.id) ?? 0) + 1);

  const elements = [root, ...Array.from(root.querySelectorAll('*'))];
  for (const el of elements) {
    const tag = el.localName.toLowerCase();
    if (forbiddenTags.has(tag)) problems.push(`forbidden element <${tag}>: ${label(el)}`);

    if (tag === 'math') {
      // Only the formulas KaTeX writes: presentation MathML, nothing that links, embeds or re-enters HTML.
      const presentation = new Set([
        'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mspace', 'mtext', 'mfrac', 'msqrt', 'mroot', 'msub',
        'msup', 'msubsup', 'munder', 'mover', 'munderover', 'mtable', 'mtr', 'mtd', 'mstyle', 'mpadded', 'mphantom',
        'menclose', 'merror',
      ]);
      for (const inner of Array.from(el.querySelectorAll('*'))) {
        if (!presentation.has(inner.localName)) problems.push(`<${inner.localName}> inside <math>: ${label(inner)}`);
      }
    }

    if (tag === 'svg') {
      // Only the app's icons: <svg class="icon"><use href="./assets/icons-....svg#name"/></svg>.
      const children = Array.from(el.children);
      const icon = el.getAttribute('class')?.split(/\s+/).includes('icon') && children.length === 1 && children[0]?.localName === 'use';
      if (!icon) problems.push(`svg that is not an app icon: ${label(el)}`);
    }
    // MathML only as a formula: a <math> root whose content the check above has vetted; MathML anywhere else is a smuggling trick.
    if (el.namespaceURI === 'http://www.w3.org/1998/Math/MathML' && !(el.closest('math') && el.closest('math')!.parentElement?.closest('math') === null && tag !== 'annotation-xml')) {
      problems.push(`MathML element: ${label(el)}`);
    }
    if (tag === 'use') {
      const ref = el.getAttribute('href') ?? el.getAttribute('xlink:href') ?? '';
      if (!/^(?:\.{0,2}\/)?[\w./-]*\.svg#[\w-]+$/.test(ref)) problems.push(`<use> of something other than the icon sprite: ${label(el)}`);
    }
    if (tag === 'form' && el.hasAttribute('action')) problems.push(`form with an action: ${label(el)}`);

    for (const attribute of Array.from(el.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value;
      if (name.startsWith('on')) problems.push(`event-handler attribute ${name}: ${label(el)}`);
      if (name === 'srcdoc' || name === 'formaction' || name === 'autofocus' || name === 'http-equiv' || name === 'srcset') {
        problems.push(`attribute ${name}: ${label(el)}`);
      }
      if (urlAttributes.has(name) || name.endsWith(':href')) {
        if (badScheme.test(normalise(value))) problems.push(`dangerous URL in ${name}: ${label(el)}`);
      }
      if (name === 'style' && /expression|url\s*\(|javascript|behavior|binding|@import|position\s*:\s*(?:fixed|absolute)/i.test(value)) {
        problems.push(`dangerous style: ${label(el)}`);
      }
      if (name === 'id') {
        if (value === 'studyforge-config' && !(tag === 'script' && el.parentElement === doc.head)) {
          problems.push(`element posing as the gateway's settings: ${label(el)}`);
        }
        if ((idCounts.get(value) ?? 0) > 1) problems.push(`duplicate id "${value}": ${label(el)}`);
      }
    }

    if (tag === 'a' && el.hasAttribute('href')) {
      const href = el.getAttribute('href') ?? '';
      let external = false;
      try {
        const url = new URL(href, doc.baseURI);
        external = (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== here;
      } catch {
        external = false;
      }
      const rel = (el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
      const target = el.getAttribute('target');
      if (external && (target !== '_blank' || !rel.includes('noopener') || !rel.includes('noreferrer'))) {
        problems.push(`link to another site that does not open safely in a new tab: ${label(el)}`);
      }
      if (target !== null && target !== '_blank') problems.push(`link with target ${target}: ${label(el)}`);
      if (target === '_blank' && !rel.includes('noopener')) problems.push(`new-tab link without noopener: ${label(el)}`);
    }
  }
  return problems;
}

/** Events that set off inline handlers a payload may have smuggled in (none should be left to fire). */
const PROVOKING_EVENTS = [
  'error', 'load', 'focus', 'focusin', 'blur', 'toggle', 'mouseover', 'mouseenter', 'pointerover', 'click',
  'animationstart', 'transitionend', 'beginEvent', 'begin', 'pageshow', 'start', 'submit', 'input', 'change', 'close',
];

/**
 * Dispatches every provoking event at every element under `root`, so an
 * event-handler attribute that survived would run (jsdom runs inline
 * handlers). Clicks are cancelled first, so no link navigates.
 */
export function provoke(root: Element): void {
  const doc = root.ownerDocument;
  const cancel = (event: Event) => event.preventDefault();
  doc.addEventListener('click', cancel, true);
  doc.addEventListener('submit', cancel, true);
  try {
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      // An inline handler is an attribute: an element without any has none to set off (and deep nests stay quick).
      if (el.attributes.length === 0) continue;
      for (const type of PROVOKING_EVENTS) el.dispatchEvent(new Event(type, { bubbles: false, cancelable: true }));
    }
  } finally {
    doc.removeEventListener('click', cancel, true);
    doc.removeEventListener('submit', cancel, true);
  }
}

export interface HitRecorder {
  /** Ids passed to __xssHit, and 'alert:<message>' for every alert, confirm or prompt, in order. */
  hits(): string[];
  clear(): void;
}

/**
 * Defines __xssHit (and replaces alert, confirm and prompt) in the realm
 * where the page's own inline handlers run, recording calls on the document
 * element, where the test can read them. In jsdom that realm is not the
 * test's global, so the definition is itself run as an inline handler; a
 * probe checks that it took.
 */
export function installHitRecorder(doc: Document, hitName = '__xssHit'): HitRecorder {
  const attribute = 'data-xss-hits';
  const setup = doc.createElement('div');
  setup.setAttribute(
    'onclick',
    `var record = function (entry) { var root = document.documentElement; root.setAttribute('${attribute}', (root.getAttribute('${attribute}') || '') + '\\n' + entry); };
     top.${hitName} = function (id) { record(String(id)); };
     top.alert = top.confirm = top.prompt = function (message) { record('alert:' + String(message)); };`,
  );
  setup.setAttribute('data-probe', '');
  doc.body.append(setup);
  setup.dispatchEvent(new Event('click'));
  setup.setAttribute('onclick', `top.${hitName}('recorder-probe')`);
  setup.dispatchEvent(new Event('click'));
  setup.remove();
  const read = () => (doc.documentElement.getAttribute(attribute) ?? '').split('\n').filter(Boolean);
  if (!read().includes('recorder-probe')) throw new Error('Inline handlers do not run here, so the XSS hit recorder cannot be installed.');
  const clear = () => doc.documentElement.removeAttribute(attribute);
  clear();
  return { hits: read, clear };
}
