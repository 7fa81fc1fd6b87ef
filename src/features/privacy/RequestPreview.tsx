import './privacy.css';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { outgoingRequest, type OutgoingRequestPreview } from '../../kernel/backend/outgoingRequest';
import type { ToolDeclaration } from '../../kernel/defineTool';
import { holdsPersonalData, type FormValues } from '../../kernel/fields';
import { hideNames, NO_PSEUDONYMS, type Pseudonyms } from './placeholders';
import { pseudonymsForForm } from './pseudonymise';
import { acceptedNamesFor } from './acceptedNames';
import type { OutputOptions } from '../refine';
import { messageOf } from '../../kernel/messages';
import { firstRequestOf } from './firstRequest';
import { replacesNames, useAcceptedNames, usePrivacy } from './privacyState';
import { YourTextMarked } from './YourTextMarked';
import { useBackendSettings } from '../settings';
import { routes } from '../../ui/routes';

/** Long enough that typing a word builds the request once, short enough to feel live. */
const SETTLE_MS = 250;

/** "127.0.0.1:9", or the address as it is when it does not parse (a setting mistyped): never a crash. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

interface Built {
  request: OutgoingRequestPreview;
  pseudonyms: Pseudonyms;
}

export default function RequestPreview({ tool, values, output }: { tool: ToolDeclaration; values: FormValues; output: OutputOptions }) {
  const settings = useBackendSettings();
  const choices = usePrivacy();
  const personal = holdsPersonalData(tool.fields);
  const hiding = personal && replacesNames(choices, tool.id);
  const [built, setBuilt] = useState<Built | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const switchId = useId();
  // A word said to be a name beside Generate is replaced here at once too.
  const accepted = useAcceptedNames(tool.id);

  // Settings are rebuilt on every render; their values, not their identity, decide the request.
  const settingsKey = JSON.stringify(settings);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void (async () => {
        try {
          const first = await firstRequestOf(tool, values, output);
          const pseudonyms = hiding ? await pseudonymsForForm(tool.fields, values, [], acceptedNamesFor(tool.id)) : NO_PSEUDONYMS;
          const request = await outgoingRequest(settings, { ...first, prompt: hideNames(first.prompt, pseudonyms) }, tool.id);
          if (current) {
            setBuilt({ request, pseudonyms });
            setProblem(null);
          }
        } catch (error) {
          if (current) setProblem(messageOf(error));
        }
      })();
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tool, values, output, settingsKey, hiding, accepted]);

  return (
    <div className="request-preview">
      {personal && !choices.replaceNames && (
        <p className="privacy-warning">
          Names are sent as you type them, for every tool. <Link href={routes.settings}>Turn name replacement back on in Settings</Link>.
        </p>
      )}
      {personal && choices.replaceNames && (
        <div className="field-switch">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={hiding}
            onChange={(event) => usePrivacy.getState().setToolSendsNames(tool.id, !event.currentTarget.checked)}
          />
          <label htmlFor={switchId}>Replace names with placeholders for this tool</label>
        </div>
      )}
      {personal && choices.replaceNames && !hiding && (
        <p className="privacy-warning" role="alert">
          Names you typed will be sent as they are{built?.request.url ? ` to ${hostOf(built.request.url)}` : ''}. Turn the switch back on to keep them in this browser.
        </p>
      )}
      {problem && <p className="field-error">{problem}</p>}
      {built && personal && <YourTextMarked fields={tool.fields} values={values} pseudonyms={built.pseudonyms} />}
      {built && (
        <details className="raw-request" open={!personal}>
          <summary>Show the raw request</summary>
          <p className="hint">
            {built.request.url === null
              ? 'Nothing is sent: no AI backend is set, so answers are offline samples. With one set, it would receive this body:'
              : `Sent to ${built.request.url}, with this body (line breaks added for reading; every value is exactly as sent):`}
          </p>
          <pre className="request-body" tabIndex={0} aria-label="Request body">
            {built.request.body}
          </pre>
        </details>
      )}
    </div>
  );
}
