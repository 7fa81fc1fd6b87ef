import { useState } from 'react';
import { Icon } from '../../ui/Icon';
import { COPY_CONFIRMATION_MS } from './timing';
import { useTimedFlag } from './useTimedFlag';

/** The Clipboard API needs a secure context; plain-http school servers fall back to a hidden textarea. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
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

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, confirm] = useTimedFlag(COPY_CONFIRMATION_MS);
  const [failed, setFailed] = useState(false);

  async function copy() {
    try {
      await writeClipboard(text);
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
