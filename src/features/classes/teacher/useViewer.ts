import { useEffect, useState } from 'react';
import { accountsConfig } from '../../../kernel/backend/settings';
import { ClassRequestError, classApi, configureClassApi, type ClassViewer } from '../classApi';

/*
 * Who is looking at a class screen: a teacher and a student see different
 * pages, and someone signed out is sent to sign in. Asked of the gateway
 * once per screen (the accounts feature keeps its own copy for the header).
 */

export type Viewer =
  | { kind: 'sign-in-off' }
  | { kind: 'checking' }
  | { kind: 'signed-out' }
  | { kind: 'signed-in'; user: ClassViewer['user'] }
  | { kind: 'failed'; message: string };

export function useViewer(): Viewer {
  const [viewer, setViewer] = useState<Viewer>(() => (accountsConfig() ? { kind: 'checking' } : { kind: 'sign-in-off' }));
  useEffect(() => {
    if (viewer.kind !== 'checking') return;
    let live = true;
    classApi.me().then(
      (me) => {
        // The token comes with the answer: the screen's first change need not ask again.
        configureClassApi({ csrfToken: me.csrfToken });
        if (live) setViewer({ kind: 'signed-in', user: me.user });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ClassRequestError && error.status === 401) setViewer({ kind: 'signed-out' });
        else setViewer({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [viewer.kind]);
  return viewer;
}

/** A thrown request's sentence, fit to show (the server's own words when it sent some). */
export function messageOf(error: unknown): string {
  return error instanceof ClassRequestError ? error.message : 'Something went wrong. Try again in a moment.';
}
