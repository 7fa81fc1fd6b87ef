import { useEffect, useId } from 'react';
import { accountsConfig } from '../../kernel/backend/settings';
import { ErrorBox } from '../../ui/ErrorBox';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { hrefTo, routes } from '../../ui/routes';
import { checkAccount, refreshAccount, type RemoveLocalData } from './accountActions';
import type { AccountUser } from './accountApi';
import { displayName, syncStatusWords, useAccount, type SyncView } from './accountState';
import { DeleteAccountSection, DownloadMyData, SignOutSection } from './AccountControls';
import { FirstSignInChoice } from './FirstSignInChoice';
import { SignInOptions } from './SignInOptions';
import './accounts.css';

function SyncSection({ sync }: { sync: SyncView }) {
  const id = useId();
  if (sync.kind === 'choosing') return <FirstSignInChoice />;
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Your work on every device</h2>
      <p role="status" className="account-sync-status">
        {sync.kind === 'running' ? syncStatusWords(sync.status) : 'Starting to sync…'}
      </p>
      {sync.kind === 'running' && sync.status.message && <p className="hint">{sync.status.message}</p>}
      <DownloadMyData />
    </section>
  );
}

function WhoIsSignedIn({ user }: { user: AccountUser }) {
  return (
    <section className="card account-who" aria-label="Signed in">
      <Icon name="account_circle" className="account-who-icon" />
      <div>
        <p className="account-who-name">Signed in as {displayName(user)}</p>
        {user.email && user.email !== displayName(user) && <p className="hint">{user.email}</p>}
        <p className="hint">Role: {user.role === 'teacher' ? 'Teacher' : 'Student'}</p>
        <p className="account-classes-link">
          <a href={hrefTo(routes.classes)}>Classes</a>
        </p>
      </div>
    </section>
  );
}

/**
 * The Account page: who is signed in and how their work syncs, their data to
 * download, signing out and deleting the account; signed out, the ways to
 * sign in. A failed request shows its message above and leaves the page usable.
 */
export function AccountPage({ removeLocalData }: { removeLocalData: RemoveLocalData }) {
  const session = useAccount((state) => state.session);
  const sync = useAccount((state) => state.sync);
  const problem = useAccount((state) => state.problem);
  const config = accountsConfig();
  useEffect(() => {
    if (config) void checkAccount();
  }, [config]);

  return (
    <article className="page narrow account-page">
      <h1 className="page-title" tabIndex={-1}>Account</h1>
      {problem && (
        <ErrorBox message={problem}>
          {session.kind === 'signed-out' && (
            <button type="button" className="button" onClick={() => void refreshAccount()}>
              Try again
            </button>
          )}
        </ErrorBox>
      )}
      {!config && <p>Signing in is not turned on for this StudyForge. Your work is kept in this browser.</p>}
      {config && session.kind === 'checking' && (
        <p role="status" className="account-checking">
          <Spinner />
          <span>Checking whether you are signed in…</span>
        </p>
      )}
      {config && session.kind === 'signed-out' && (
        <section className="card" aria-label="Sign in">
          <p>You are not signed in. Your work is kept in this browser. Sign in to keep it in your account and use it on every device.</p>
          <SignInOptions providers={config.providers} />
        </section>
      )}
      {session.kind === 'signed-in' && (
        <>
          <WhoIsSignedIn user={session.user} />
          <SyncSection sync={sync} />
          <SignOutSection removeLocalData={removeLocalData} />
          <DeleteAccountSection removeLocalData={removeLocalData} />
        </>
      )}
    </article>
  );
}
