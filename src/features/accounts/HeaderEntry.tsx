import { useEffect } from 'react';
import { hrefTo, routes } from '../../ui/routes';
import { Icon } from '../../ui/Icon';
import { accountsConfig } from '../../kernel/backend/settings';
import { accountPaths } from './accountApi';
import { checkAccount } from './accountActions';
import { displayName, shortSyncWords, useAccount, type SyncView } from './accountState';
import './accounts.css';

const syncIcons: Record<string, string> = { Saved: 'cloud_done', Saving: 'cloud_sync', 'Sync paused': 'cloud_off' };

function SyncBadge({ sync }: { sync: SyncView }) {
  const words = shortSyncWords(sync);
  return (
    <span className={`account-sync account-sync-${sync.kind === 'running' ? sync.status.state : sync.kind}`}>
      <Icon name={syncIcons[words] ?? 'cloud_off'} />
      {/* The words stay for screen readers on a phone, where only the icon shows. */}
      <span className="account-sync-words">{words}</span>
    </span>
  );
}

/**
 * The header's account corner, loaded only when the gateway has sign-in on:
 * "Sign in" (straight to the one provider, or to the Account page's list),
 * or the signed-in person's name, linking to their Account page, with how
 * their work is syncing.
 */
export function HeaderEntry() {
  const session = useAccount((state) => state.session);
  const sync = useAccount((state) => state.sync);
  useEffect(() => void checkAccount(), []);

  if (session.kind === 'checking') return null;
  if (session.kind === 'signed-out') {
    const providers = accountsConfig()?.providers ?? [];
    const only = providers.length === 1 ? providers[0] : undefined;
    return (
      <a className="button button-quiet account-entry" href={only ? accountPaths.signIn(only.id) : hrefTo(routes.account)}>
        <Icon name="account_circle" />
        <span>Sign in</span>
      </a>
    );
  }
  return (
    <div className="account-entry-signed-in">
      <SyncBadge sync={sync} />
      {/* Classes need an account, so their way in is here, shown only once someone is signed in (on a phone: on the Account page). */}
      <a className="button button-quiet account-entry account-classes" href={hrefTo(routes.classes)}>
        <Icon name="school" />
        <span className="account-entry-name">Classes</span>
      </a>
      {/* Named with the visible name first (on a phone only the icon shows it). */}
      <a className="button button-quiet account-entry" href={hrefTo(routes.account)} aria-label={`${displayName(session.user)}, your account`}>
        <Icon name="account_circle" />
        <span className="account-entry-name">{displayName(session.user)}</span>
      </a>
    </div>
  );
}
