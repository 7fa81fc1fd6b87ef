import { lazy, Suspense, useState } from 'react';
import type { ToolDeclaration } from '../../../engine/defineTool';
import type { FormValues } from '../../../engine/fields';
import type { OutputOptions } from '../../../engine/refine/outputOptions';

/*
 * "What will be sent" under Generate (issue 17): the exact request the tool
 * would make now, names replaced, updated as the user types. A tool's page
 * carries only this disclosure: the request is built (and the name finder
 * loaded) when it is opened.
 */

const RequestPreview = lazy(() => import('./RequestPreview'));

export function WhatWillBeSent(props: { tool: ToolDeclaration; values: FormValues; output: OutputOptions }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="what-will-be-sent" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>What will be sent</summary>
      {open && (
        <Suspense fallback={<p className="hint">Building the request...</p>}>
          <RequestPreview {...props} />
        </Suspense>
      )}
    </details>
  );
}
