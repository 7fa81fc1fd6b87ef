import { Icon } from '../../ui/Icon';
import type { AccountsConfig } from '../../kernel/backend/settings';
import { accountPaths } from './accountApi';

/** One "Sign in with <label>" link per identity provider the gateway offers: each goes to the gateway's sign-in route. */
export function SignInOptions({ providers }: { providers: AccountsConfig['providers'] }) {
  return (
    <ul className="account-providers">
      {providers.map((provider) => (
        <li key={provider.id}>
          <a className="button button-primary" href={accountPaths.signIn(provider.id)}>
            <Icon name="account_circle" />
            <span>Sign in with {provider.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
