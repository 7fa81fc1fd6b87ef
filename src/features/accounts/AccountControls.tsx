import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ConfirmPanel } from '../../ui/ConfirmPanel';
import { Icon } from '../../ui/Icon';
import { deleteAccount, downloadMyData, signOut, type RemoveLocalData } from './accountActions';

/** Runs one action at a time: its buttons are disabled until it is done. */
function useBusy(): [boolean, (action: () => Promise<unknown>) => void] {
  const [busy, setBusy] = useState(false);
  return [
    busy,
    (action) => {
      if (busy) return;
      setBusy(true);
      void action().finally(() => setBusy(false));
    },
  ];
}

export function DownloadMyData() {
  const [busy, run] = useBusy();
  return (
    <button type="button" className="button" disabled={busy} onClick={() => run(downloadMyData)}>
      <Icon name="download" />
      <span>Download my data</span>
    </button>
  );
}

/**
 * Signing out, here or on every device. On a shared computer the person can
 * also take their work off this browser (off by default: on their own
 * device it is their copy to keep).
 */
export function SignOutSection({ removeLocalData }: { removeLocalData: RemoveLocalData }) {
  const id = useId();
  const [removeHere, setRemoveHere] = useState(false);
  const [busy, run] = useBusy();
  const out = (everywhere: boolean) => run(() => signOut({ everywhere, removeLocalData: removeHere ? removeLocalData : null }));

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Sign out</h2>
      <div className="field field-check">
        <input id={`${id}-remove`} type="checkbox" checked={removeHere} onChange={(event) => setRemoveHere(event.target.checked)} />
        <label htmlFor={`${id}-remove`}>Remove my work from this browser</label>
        <p className="field-help">For a shared computer. Your work stays in your account.</p>
      </div>
      <div className="account-actions">
        <button type="button" className="button" disabled={busy} onClick={() => out(false)}>
          <Icon name="logout" />
          <span>Sign out</span>
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => out(true)}>
          <span>Sign out everywhere</span>
        </button>
      </div>
    </section>
  );
}

/** Deleting the account, after an in-page confirmation that says what goes and what stays. */
export function DeleteAccountSection({ removeLocalData }: { removeLocalData: RemoveLocalData }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [removeHere, setRemoveHere] = useState(false);
  const [, run] = useBusy();
  const openRef = useRef<HTMLButtonElement>(null);

  function close() {
    flushSync(() => setConfirming(false));
    openRef.current?.focus();
  }

  return (
    <section className="card danger-zone" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Delete my account</h2>
      {!confirming && (
        <button ref={openRef} type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          <Icon name="delete" />
          <span>Delete my account</span>
        </button>
      )}
      {confirming && (
        <ConfirmPanel
          question="Delete your account?"
          detail="Every item synced to your account is removed from the server, and you are signed out. This browser keeps its copy of your work unless you tick the box below."
          confirmLabel="Delete my account"
          onCancel={close}
          onConfirm={() =>
            run(async () => {
              if (!(await deleteAccount({ removeLocalData: removeHere ? removeLocalData : null }))) close();
            })
          }
        >
          <div className="field field-check">
            <input id={`${id}-remove`} type="checkbox" checked={removeHere} onChange={(event) => setRemoveHere(event.target.checked)} />
            <label htmlFor={`${id}-remove`}>Also remove it from this browser</label>
          </div>
        </ConfirmPanel>
      )}
    </section>
  );
}
