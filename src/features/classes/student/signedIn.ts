import { classApi, ClassRequestError } from '../classApi';

/*
 * Whether someone is signed in on this browser, asked of the gateway as the
 * accounts feature asks it (/api/me answers 401 when no one is). The
 * accounts feature's own state is not offered through its entry, and one
 * small request here keeps its code out of the class screens' chunk.
 */
export async function isSignedIn(): Promise<boolean> {
  try {
    await classApi.me();
    return true;
  } catch (error) {
    if (error instanceof ClassRequestError && error.status === 401) return false;
    throw error;
  }
}
