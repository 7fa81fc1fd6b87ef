import { createElement } from 'react';
import { loadAccountPage } from '../../../features/accounts';
import { deleteAllData } from '../settings/deleteAllData';

/*
 * The Account page, handed the Settings page's "Delete all my data": signing
 * out on a shared computer, or deleting the account, can also empty this
 * browser, the same way and with every open screen emptied at once.
 */
export async function loadAccountScreen() {
  const AccountPage = await loadAccountPage();
  return function AccountScreen() {
    return createElement(AccountPage, { removeLocalData: deleteAllData });
  };
}
