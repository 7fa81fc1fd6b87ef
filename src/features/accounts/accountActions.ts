import { AccountRequestError, accountPaths, callAccount, changeAccount, exportFileName, fetchSignedIn, type SignedInReply } from './accountApi';
import { useAccount } from './accountState';
import { loadSyncClient, type SyncHandle } from './syncClient';

/*
 * What the person does with their account, and the one check of who is
 * signed in when the page starts. Each failure is kept as `problem` in
 * words fit to show; the page stays usable and nothing changes locally.
 */

/** Empties this browser of StudyForge's data (the Settings page's "Delete all my data"), handed in by the app. */
export type RemoveLocalData = () => Promise<unknown>;

let running: { handle: SyncHandle; unsubscribe(): void } | null = null;
let firstCheck: Promise<void> | null = null;

const callFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

function stopSync(): void {
  running?.unsubscribe();
  running?.handle.stop();
  running = null;
}

function messageOf(error: unknown): string {
  return error instanceof AccountRequestError ? error.message : 'Something went wrong. Try again in a moment.';
}

async function startRunning(reply: SignedInReply, uploadExisting: boolean): Promise<void> {
  const client = await loadSyncClient();
  stopSync();
  const handle = client.startSync({ csrfToken: reply.csrfToken, uploadExisting, userId: reply.user.id });
  const unsubscribe = handle.subscribe((status) => useAccount.setState({ sync: { kind: 'running', status } }));
  running = { handle, unsubscribe };
  useAccount.setState({ sync: { kind: 'running', status: handle.status() } });
}

/**
 * Starts syncing for the signed-in person, unless this browser holds work and
 * has not synced with their account since it was last signed out of: then
 * they choose first. (On a shared computer, that work may be someone else's.)
 */
async function beginSync(reply: SignedInReply): Promise<void> {
  const client = await loadSyncClient();
  if (!client.hasSyncedBefore(reply.user.id) && client.hasLocalData()) {
    useAccount.setState({ sync: { kind: 'choosing' } });
    return;
  }
  // Synced before, the choice was made then (the client uses it the first time only); or there is nothing here to upload.
  return startRunning(reply, true);
}

/** Asks the gateway who is signed in: once per page, whoever asks first (the header, the Account page). */
export function checkAccount(): Promise<void> {
  firstCheck ??= refreshAccount();
  return firstCheck;
}

/** Asks again (the Account page's "Try again" after the server could not be reached). */
export async function refreshAccount(): Promise<void> {
  useAccount.setState({ session: { kind: 'checking' }, problem: null });
  try {
    const reply = await fetchSignedIn(callFetch);
    if (!reply) {
      useAccount.setState({ session: { kind: 'signed-out' }, sync: { kind: 'off' } });
      return;
    }
    useAccount.setState({ session: { kind: 'signed-in', ...reply } });
    await beginSync(reply);
  } catch (error) {
    useAccount.setState({ session: { kind: 'signed-out' }, sync: { kind: 'off' }, problem: messageOf(error) });
  }
}

function signedIn(): SignedInReply | null {
  const { session } = useAccount.getState();
  return session.kind === 'signed-in' ? { user: session.user, csrfToken: session.csrfToken } : null;
}

/** The first-sign-in choice: upload what this browser holds, or keep it here only; then syncing starts. */
export async function chooseUpload(uploadExisting: boolean): Promise<void> {
  const reply = signedIn();
  if (reply) await startRunning(reply, uploadExisting);
}

/**
 * After the session ended on the server: no sync, no position kept, and, if
 * asked, no work left in this browser. The page says "signed out" only once
 * that work is gone (its code may still be on its way): on a shared computer,
 * a person who closes the tab when they read it must leave nothing behind.
 */
async function endLocally(removeLocalData: RemoveLocalData | null): Promise<void> {
  try {
    stopSync();
    (await loadSyncClient()).forgetSyncState();
    if (removeLocalData) await removeLocalData();
  } finally {
    useAccount.setState({ session: { kind: 'signed-out' }, sync: { kind: 'off' }, problem: null });
  }
}

/** Runs a state-changing call; a 401 means the session had ended already, which is the same as done. */
async function whileSignedIn(call: (csrfToken: string) => Promise<unknown>, removeLocalData: RemoveLocalData | null): Promise<boolean> {
  const reply = signedIn();
  if (!reply) return false;
  useAccount.setState({ problem: null });
  try {
    await call(reply.csrfToken);
  } catch (error) {
    if (!(error instanceof AccountRequestError && error.status === 401)) {
      useAccount.setState({ problem: messageOf(error) });
      return false;
    }
  }
  try {
    await endLocally(removeLocalData);
  } catch (error) {
    useAccount.setState({ problem: error instanceof Error ? error.message : 'This browser could not remove your work.' });
  }
  return true;
}

export function signOut(options: { everywhere: boolean; removeLocalData: RemoveLocalData | null }): Promise<boolean> {
  const path = options.everywhere ? accountPaths.signOutEverywhere : accountPaths.signOut;
  return whileSignedIn((csrfToken) => changeAccount(callFetch, path, 'POST', csrfToken), options.removeLocalData);
}

export function deleteAccount(options: { removeLocalData: RemoveLocalData | null }): Promise<boolean> {
  return whileSignedIn((csrfToken) => changeAccount(callFetch, accountPaths.account, 'DELETE', csrfToken), options.removeLocalData);
}

/** Fetches everything the server holds about the person and saves it as a file. */
export async function downloadMyData(): Promise<void> {
  useAccount.setState({ problem: null });
  try {
    const response = await callAccount(callFetch, accountPaths.exportData);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The export feature's code, only once someone asks for their data.
    const { downloadFile } = await import('../export');
    downloadFile(exportFileName(response), bytes, response.headers.get('Content-Type') ?? 'application/json');
  } catch (error) {
    useAccount.setState({ problem: messageOf(error) });
  }
}
