import { useState } from 'react';
import { Icon } from './Icon';
import { COPY_CONFIRMATION_MS } from './timing';
import { useTimedFlag } from './useTimedFlag';

/** The rich half of a copy: its HTML and, when the plain text should differ from what was given (formulas as readable text), how. */
export interface RichCopy {
  html: string;
  plainText?: (text: string) => string;
}

/**
 * Both the text and, when given, the same content as HTML: Google
 * Docs and Word paste the HTML with its headings, lists, bold and tables;
 * plain editors take the text. The HTML is made while the copy happens (a
 * promise in the ClipboardItem keeps the click's permission); where rich
 * copy is refused, the text alone is copied.
 */
async function writeRich(text: string, html: () => Promise<string | RichCopy>): Promise<boolean> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) return false;
  try {
    const rich = html().then((made): RichCopy => (typeof made === 'string' ? { html: made } : made));
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/plain': rich.then((made) => new Blob([made.plainText?.(text) ?? text], { type: 'text/plain' })),
        'text/html': rich.then((made) => new Blob([made.html], { type: 'text/html' })),
      }),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** The Clipboard API needs a secure context; plain-http school servers fall back to a hidden textarea. */
async function writeClipboard(text: string, html?: () => Promise<string | RichCopy>): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    if (html && (await writeRich(text, html))) return;
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

interface CopyButtonProps {
  text: string;
  /** The same content as HTML, for pasting into documents with its structure (and, with it, the plain text's formulas made readable). */
  html?: () => Promise<string | RichCopy>;
  label?: string;
}

export function CopyButton({ text, html, label = 'Copy' }: CopyButtonProps) {
  const [copied, confirm] = useTimedFlag(COPY_CONFIRMATION_MS);
  const [failed, setFailed] = useState(false);

  async function copy() {
    try {
      await writeClipboard(text, html);
      setFailed(false);
      confirm();
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      <button type="button" className="button button-quiet" onClick={copy} aria-live="polite">
        <Icon name={copied ? 'check' : 'content_copy'} />
        <span>{copied ? 'Copied' : label}</span>
      </button>
      {failed && <span className="inline-error" role="alert">Copy was blocked by the browser; select the text and copy it by hand.</span>}
    </>
  );
}
