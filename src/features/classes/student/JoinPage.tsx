import { useEffect, useState } from 'react';
import type { JoinInfo } from '../../../kernel/classes/wire';
import { accountsConfig } from '../../../kernel/backend/settings';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Spinner } from '../../../ui/Spinner';
import { classApi } from '../classApi';
import { JoinByName } from './JoinByName';
import { JoinCodeBox, normaliseJoinCode } from './JoinCodeBox';
import { classPathOf, goTo } from './navigation';
import { isSignedIn } from './signedIn';
import '../student.css';

/*
 * Where a class's link and QR code lead (#/join/<code>), and where a code
 * read off the board is typed (#/join). The gateway says which class the
 * code is for; a signed-in person joins with one button, someone signed out
 * signs in with the school account or, where the teacher allows it, types
 * their first name only.
 */

type Lookup = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'found'; info: JoinInfo; signedIn: boolean };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function JoinPage({ code }: { code: string }) {
  const normalised = normaliseJoinCode(code);
  return (
    <article className="page narrow join-page">
      {normalised === '' ? (
        <>
          <h1 className="page-title" tabIndex={-1}>Join a class</h1>
          <p>Type the code your teacher shows you.</p>
          <JoinCodeBox />
        </>
      ) : (
        <JoinWithCode key={normalised} code={normalised} />
      )}
    </article>
  );
}

/** "Join <class> (<teachers>)": the heading names the class and who teaches it, so the person knows it is the right one. */
function joinHeading(info: JoinInfo): string {
  const teachers = info.teacherNames.filter((name) => name.trim() !== '');
  return teachers.length > 0 ? `Join ${info.className} (${teachers.join(', ')})` : `Join ${info.className}`;
}

function JoinWithCode({ code }: { code: string }) {
  const [lookup, setLookup] = useState<Lookup>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    Promise.all([classApi.joinInfo(code), isSignedIn()]).then(
      ([info, signedIn]) => current && setLookup({ kind: 'found', info, signedIn }),
      (error: unknown) => current && setLookup({ kind: 'failed', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [code]);

  if (lookup.kind === 'loading') {
    return (
      <>
        <h1 className="page-title" tabIndex={-1}>Join a class</h1>
        <p className="loading-card" role="status">
          <Spinner /> Looking up the class…
        </p>
      </>
    );
  }
  if (lookup.kind === 'failed') {
    return (
      <>
        <h1 className="page-title" tabIndex={-1}>Join a class</h1>
        <ErrorBox message={lookup.message} />
        <JoinCodeBox label="Try another class code" />
      </>
    );
  }
  return (
    <>
      <h1 className="page-title" tabIndex={-1}>{joinHeading(lookup.info)}</h1>
      {lookup.signedIn ? <JoinSignedIn code={code} /> : <JoinSignedOut code={code} info={lookup.info} />}
    </>
  );
}

function JoinSignedIn({ code }: { code: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function join() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await classApi.join(code);
      goTo(classPathOf(reply.classId));
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  }

  return (
    <section className="card join-option" aria-label="Join with your account">
      <p>You are signed in. Join to see this class’s assignments.</p>
      {failure && <ErrorBox message={failure} />}
      <button type="button" className="button button-primary" onClick={() => void join()} aria-disabled={busy || undefined}>
        {busy ? 'Joining…' : 'Join class'}
      </button>
    </section>
  );
}

/** The ways in for someone signed out: the school account (the gateway's providers), and the first name where allowed. */
function JoinSignedOut({ code, info }: { code: string; info: JoinInfo }) {
  const providers = accountsConfig()?.providers ?? [];
  const only = providers.length === 1 ? providers[0] : undefined;
  return (
    <>
      <section className="card join-option" aria-labelledby="join-sign-in-heading">
        <h2 id="join-sign-in-heading">Sign in to join</h2>
        <ul className="join-providers">
          {only ? (
            <li>
              <a className="button button-primary" href={signInPath(only.id, code)}>
                Sign in with your school account
              </a>
            </li>
          ) : (
            providers.map((provider) => (
              <li key={provider.id}>
                <a className="button button-primary" href={signInPath(provider.id, code)}>
                  Sign in with {provider.label}
                </a>
              </li>
            ))
          )}
        </ul>
        <p className="hint">After signing in, you come back here to join.</p>
      </section>
      {info.allowNameJoin && <JoinByName code={code} />}
    </>
  );
}

/** The gateway's sign-in route, as the accounts feature links to it. */
/** The gateway's sign-in, asked to bring the person back to this class's join page. */
const signInPath = (providerId: string, code: string) =>
  `/auth/login?provider=${encodeURIComponent(providerId)}&return=${encodeURIComponent(`/join/${code.toUpperCase().replace(/[^A-Z0-9]/g, '')}`)}`;
