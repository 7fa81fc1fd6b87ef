import { lazy } from 'react';

/*
 * Accounts: signing in with the school's identity provider, the Account page
 * and how the person's work syncs. None of it is in the first load: the
 * header asks for its corner only when the gateway has sign-in on
 * (accountsConfig), and the Account page loads with its route.
 */

const code = () => import('./onDemandCode');

/**
 * The header's "Sign in" or the signed-in person's name, under a Suspense
 * that shows nothing meanwhile. If its code cannot arrive (offline), nothing
 * shows: the app works signed out, so the header never fails for it.
 */
export const AccountHeaderEntry = lazy(() =>
  code().then(
    (m) => ({ default: m.HeaderEntry }),
    () => ({ default: () => null }),
  ),
);

/** The Account page (#/account), loaded with its route. */
export const loadAccountPage = () => code().then((m) => m.loadAccountPage());
export type { RemoveLocalData } from './accountActions';
