import { create } from 'zustand';
import type { AccountUser } from './accountApi';
import type { SyncStatus } from './syncClient';

/*
 * Who is signed in on this page, and how their work is syncing. Loaded only
 * when the gateway has sign-in on (the header's entry and the Account page
 * load it); accountActions.ts changes it.
 */

export type AccountSession =
  | { kind: 'signed-out' }
  | { kind: 'checking' }
  | { kind: 'signed-in'; user: AccountUser; csrfToken: string };

export type SyncView =
  /** Signed out, or signed in with sync not started yet. */
  | { kind: 'off' }
  /** First sign-in in this browser with work already here: nothing uploads until the person chooses. */
  | { kind: 'choosing' }
  | { kind: 'running'; status: SyncStatus };

export interface AccountState {
  session: AccountSession;
  sync: SyncView;
  /** What went wrong with the last check or action, in words fit to show; null when nothing did. */
  problem: string | null;
}

export const initialAccountState: AccountState = { session: { kind: 'checking' }, sync: { kind: 'off' }, problem: null };

export const useAccount = create<AccountState>()(() => initialAccountState);

/** The sync status in words, for the Account page. */
export function syncStatusWords(status: SyncStatus): string {
  switch (status.state) {
    case 'synced':
      return 'All changes saved to your account';
    case 'syncing':
      return status.pending > 0 ? `Saving ${status.pending} ${status.pending === 1 ? 'change' : 'changes'}…` : 'Saving changes…';
    case 'offline':
      return 'Sync paused: you are offline. Your work is kept on this device and will be saved when you are back online.';
    case 'paused':
      return 'Sync paused: the server cannot be reached. Your work is kept on this device and will be saved when it can be reached.';
  }
}

/** The header's few words beside the person's name. */
export function shortSyncWords(sync: SyncView): string {
  if (sync.kind === 'choosing') return 'Not syncing yet';
  if (sync.kind === 'off') return 'Not syncing';
  switch (sync.status.state) {
    case 'synced':
      return 'Saved';
    case 'syncing':
      return 'Saving';
    case 'offline':
    case 'paused':
      return 'Sync paused';
  }
}

/** The name to show: the person's name, else their address, else their role. */
export function displayName(user: AccountUser): string {
  return user.name?.trim() || user.email?.trim() || (user.role === 'teacher' ? 'Teacher' : 'Student');
}
