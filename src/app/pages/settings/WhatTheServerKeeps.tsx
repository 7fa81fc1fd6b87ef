import { useId } from 'react';
import { accountsConfig } from '../../../kernel/backend/settings';

export const serverKeepsHeading = 'What the server keeps';

/**
 * Said only where signing in is offered: without it the server keeps
 * nothing of anyone's work, and the page says "everything you set here stays
 * in this browser". The full map is docs/privacy-data-map.md; this is it in
 * a few plain sentences, with no link out of the app.
 */
export function WhatTheServerKeeps() {
  const id = useId();
  if (!accountsConfig()) return null;
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">{serverKeepsHeading}</h2>
      <p className="hint">
        When you sign in, this school's StudyForge server keeps a copy of your projects, saved results, study progress,
        favourites, recent tools and settings, so they reach your other devices. Your own AI key never leaves this
        browser. The server also keeps your name, email address, when you last used StudyForge, and a record of
        sign-ins, downloads and deletions that holds none of your work. Only you and the people who run the server
        can see it; your teachers cannot. You can download all of it, or delete your account and everything in it,
        at any time. An account left unused for a long time (a year, unless your school chose otherwise) is deleted
        with everything in it.
      </p>
      <p className="hint">
        In a class you join, its teachers see your name there and your work on its assignments: answers, scores, time
        spent and help requests. It is deleted when the teacher removes you or deletes the class, which happens a year
        after the class is archived unless the teacher chose otherwise.
      </p>
    </section>
  );
}
