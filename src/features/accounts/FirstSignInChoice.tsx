import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../ui/Icon';
import { chooseUpload } from './accountActions';

/**
 * The first sign-in in a browser that already holds work: nothing of it
 * leaves until the person says so here. Either way, what they do from now
 * on syncs.
 */
export function FirstSignInChoice() {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => headingRef.current?.focus(), []);

  function choose(uploadExisting: boolean) {
    setBusy(true);
    void chooseUpload(uploadExisting).finally(() => setBusy(false));
  }

  return (
    <section className="card account-choice" aria-labelledby={`${id}-heading`}>
      <h2 ref={headingRef} id={`${id}-heading`} className="section-title" tabIndex={-1}>
        This browser already has your work
      </h2>
      <p>
        Projects, saved results and study cards made here before you signed in stay on this browser unless you choose to
        upload them. Nothing has been uploaded yet. What you do from now on is saved to your account.
      </p>
      <div className="account-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => choose(true)}>
          <Icon name="cloud_sync" />
          <span>Upload this browser’s work to your account</span>
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => choose(false)}>
          <span>Keep it only on this browser</span>
        </button>
      </div>
    </section>
  );
}
