import { useId, useState } from 'react';
import type { ClassDetail } from '../../../kernel/classes/wire';
import { CopyButton } from '../../../ui/CopyButton';
import { ErrorBox } from '../../../ui/ErrorBox';
import { formatDateTime } from '../../../ui/formatDate';
import { classApi } from '../classApi';
import { QrCode } from './QrCode';
import { messageOf } from './useViewer';

/** "ABCD-EFGH": two groups of four read more easily from a board. */
export function groupedCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** Where the class's link and QR code lead: the app's join page at this origin. */
export function joinLink(code: string, origin = window.location.origin): string {
  return `${origin}/#/join/${code}`;
}

/**
 * How students join: the code, the link (with Copy) and its QR code; a new
 * code (the old one stops at once), and whether a first name alone is enough.
 */
export function JoinPanel({ detail, onChange }: { detail: ClassDetail; onChange: (detail: ClassDetail) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = detail.joinCode ?? '';
  const link = joinLink(code);

  async function change(request: () => Promise<ClassDetail>) {
    setProblem(null);
    setBusy(true);
    try {
      onChange(await request());
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card class-panel join-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">How students join</h2>
      {problem && <ErrorBox message={problem} />}
      <div className="join-panel-body">
        <div className="join-panel-text">
          <dl className="join-facts">
            <dt>Class code</dt>
            <dd className="join-code">{groupedCode(code)}</dd>
            <dt>Link</dt>
            <dd className="join-link">
              <a href={link}>{link}</a>
            </dd>
          </dl>
          {detail.codeExpiresAt && <p className="hint">The code works until {formatDateTime(detail.codeExpiresAt)}.</p>}
          <div className="class-actions">
            <CopyButton text={link} label="Copy link" />
            <button type="button" className="button" disabled={busy || detail.archived} onClick={() => void change(() => classApi.renewCode(detail.id))}>
              New code
            </button>
          </div>
          <p className="hint">A new code stops the old one at once; students already in the class stay.</p>
          <div className="field field-check">
            <input
              id={`${id}-name-join`}
              type="checkbox"
              checked={detail.allowNameJoin ?? false}
              disabled={busy || detail.archived}
              onChange={(event) => void change(() => classApi.updateClass(detail.id, { allowNameJoin: event.target.checked }))}
            />
            <label htmlFor={`${id}-name-join`}>Let students join with the code and their first name only (no account)</label>
          </div>
        </div>
        {code && <QrCode text={link} title={`QR code of the link to join ${detail.name}`} />}
      </div>
    </section>
  );
}
