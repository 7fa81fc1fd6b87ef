import './privacy.css';
import { flushSync } from 'react-dom';
import { useEffect, useRef, useState } from 'react';
import type { FormValues } from '../../kernel/fields';
import { acceptNames } from './acceptedNames';
import { formNames } from './formFlags';
import type { Person } from './people';
import type { ToolForm } from '../../kernel/toolForm';
import { replacesNames, useAcceptedNames, usePrivacy } from './privacyState';

/** Long enough that a word is read once it is typed, short enough that the flag is there before Generate is reached. */
const SETTLE_MS = 300;

interface Reading {
  flags: string[];
  /** A person found in the notes who stands in for a blank name box, with the placeholder they go as. */
  standIns: { name: string; box: string; placeholder: string }[];
}

function standInsOf(people: readonly Person[], placeholderOf: (name: string) => string | undefined): Reading['standIns'] {
  return people.flatMap((person) => (person.standsInFor ? [{ name: person.name, box: person.standsInFor, placeholder: placeholderOf(person.name) ?? '' }] : []));
}

/**
 * "These look like names and will be sent: Ngozi, Jun", live as the user
 * types (a status, so a screen reader hears it without losing its place),
 * and the one button that replaces them. Generate is not held back by a
 * flag: most flags are right, but some are words ("Python", "Oakfield"),
 * and a button that stops every such form would teach people to click past
 * it; the flag is on screen beside Generate, and "What will be sent" shows
 * every word that goes.
 */
export default function NameFlagsPanel({ tool, values }: { tool: ToolForm; values: FormValues }) {
  const hiding = usePrivacy((choices) => replacesNames(choices, tool.id));
  const accepted = useAcceptedNames(tool.id);
  const [reading, setReading] = useState<Reading>({ flags: [], standIns: [] });
  const [replaced, setReplaced] = useState<string[]>([]);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!hiding) return;
    let current = true;
    const timer = setTimeout(() => {
      formNames(tool.fields, values, accepted).then(
        ({ flags, people, pseudonyms }) => {
          const placeholderOf = (name: string) => pseudonyms.names.find((hidden) => hidden.name === name)?.placeholder;
          if (current) setReading({ flags, standIns: standInsOf(people, placeholderOf) });
        },
        // The finder did not load (offline): nothing to flag now; the next change tries again.
        (error: unknown) => console.warn('[names] could not read the form for names', error),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [tool.fields, values, accepted, hiding]);

  if (!hiding) return null;
  const { flags, standIns } = reading;
  const replace = () => {
    flushSync(() => {
      setReplaced(flags);
      setReading({ flags: [], standIns });
    });
    acceptNames(tool.id, flags);
    // The button is gone: focus goes to what it did, not to the page.
    doneRef.current?.focus();
  };
  return (
    <div className="name-flags" role="status">
      {standIns.map(({ name, box, placeholder }) => (
        <p key={name} className="hint">
          {box} is blank: {name}, the first name in your notes, is taken as that person and sent as “{placeholder}”.
        </p>
      ))}
      {flags.length > 0 && (
        <div className="name-flags-found">
          <p className="name-flags-text">These look like names and will be sent: {flags.join(', ')}</p>
          <button type="button" className="button" onClick={replace}>
            Replace them with placeholders
          </button>
        </div>
      )}
      {flags.length === 0 && replaced.length > 0 && (
        <p ref={doneRef} className="hint" tabIndex={-1}>
          {replaced.join(', ')} {replaced.length === 1 ? 'is' : 'are'} now sent as placeholders, and put back in the answer.
        </p>
      )}
    </div>
  );
}
