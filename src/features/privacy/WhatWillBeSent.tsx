import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToolDeclaration } from '../../kernel/defineTool';
import { holdsPersonalData, type FormValues } from '../../kernel/fields';
import { messages } from '../../kernel/messages';
import type { OutputOptions } from '../refine';
import type { ToolForm } from '../../kernel/toolForm';

/*
 * Under Generate: the name-like words that would still be sent (NameFlagsPanel),
 * then "What will be sent", the exact request the tool would make now, names
 * replaced, updated as the user types. The request is built (with the
 * tool's declaration if it is not here yet) when the disclosure is opened.
 */

const RequestPreview = lazy(() => import('./RequestPreview'));
/** The flags beside Generate: their code (and the name finder, compromise) loads only for a tool that may hold names. */
const NameFlagsPanel = lazy(() => import('./NameFlagsPanel'));

interface WhatWillBeSentProps {
  /** The tool's form: its personal boxes are read for names as the user types. */
  tool: ToolForm;
  /** The tool's declaration (a tool page paints its form before it is here): loaded when the disclosure opens. */
  declaration: () => Promise<ToolDeclaration>;
  values: FormValues;
  output: OutputOptions;
}

export function WhatWillBeSent({ tool, declaration: load, values, output }: WhatWillBeSentProps) {
  const [open, setOpen] = useState(false);
  const [declaration, setDeclaration] = useState<ToolDeclaration | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open || declaration) return;
    let current = true;
    setFailed(false);
    load().then(
      (arrived) => current && setDeclaration(arrived),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, load, declaration]);
  return (
    <>
      {holdsPersonalData(tool.fields) && (
        <Suspense fallback={null}>
          <NameFlagsPanel tool={tool} values={values} />
        </Suspense>
      )}
      <details className="what-will-be-sent" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>What will be sent</summary>
        {open && failed && <p className="hint">{messages.toolNotLoaded}</p>}
        {open && !failed && (
          <Suspense fallback={<p className="hint">Building the request...</p>}>
            {declaration ? <RequestPreview tool={declaration} values={values} output={output} /> : <p className="hint">Building the request...</p>}
          </Suspense>
        )}
      </details>
    </>
  );
}
