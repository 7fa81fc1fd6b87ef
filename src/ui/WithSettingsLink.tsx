import { Fragment } from 'react';
import { hrefTo, routes } from './routes';

/*
 * A message that tells the user to change something "in Settings" links the
 * word to the Settings screen, its text left exactly as written (messages.ts
 * keeps spec 8's texts word for word): whatever shows such a message renders
 * it through this.
 */

const SETTINGS_WORD = /\bSettings\b/;

export function WithSettingsLink({ text }: { text: string }) {
  const parts = text.split(SETTINGS_WORD);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <a href={hrefTo(routes.settings)}>Settings</a>}
          {part}
        </Fragment>
      ))}
    </>
  );
}
