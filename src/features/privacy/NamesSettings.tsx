import { flushSync } from 'react-dom';
import { useId, useRef, useState } from 'react';
import { findTool } from '../../kernel/catalogue';
import { usePrivacy } from './privacyState';

export const replaceNamesLabel = "Replace students' names with placeholders before sending";
export const namesHelp =
  'Names typed into a tool (a student’s or parent’s name, and names found in notes) are replaced by placeholders such as “Student A” before a request leaves this browser, and put back in the answer. A word that looks like a name but was not found is shown beside Generate before sending, with one button to replace it too.';
export const namesSentWarning = 'Names you type will be sent to the model as they are.';

/**
 * Names stay in the school: the switch for every tool, and the
 * tools where the user chose, one by one, to send names as typed.
 */
export function NamesSettings() {
  const replaceNames = usePrivacy((s) => s.replaceNames);
  const namesSentBy = usePrivacy((s) => s.namesSentBy);
  const [status, setStatus] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const titleOf = (toolId: string) => findTool(toolId)?.title ?? toolId;

  function replaceAgain(toolId: string, index: number) {
    flushSync(() => usePrivacy.getState().setToolSendsNames(toolId, false));
    setStatus(`${titleOf(toolId)} replaces names again.`);
    // This row is gone: focus goes to the row that took its place, else the one before, else the heading.
    const buttons = listRef.current?.querySelectorAll('button');
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    (next ?? headingRef.current)?.focus();
  }

  return (
    <section className="card names-settings" aria-labelledby={`${id}-heading`}>
      <h2 ref={headingRef} id={`${id}-heading`} className="section-title" tabIndex={-1}>Names</h2>
      <div className="field field-switch">
        <input
          id={`${id}-replace`}
          type="checkbox"
          role="switch"
          checked={replaceNames}
          onChange={(e) => {
            setStatus(null);
            usePrivacy.getState().setReplaceNames(e.target.checked);
          }}
          aria-describedby={`${id}-help${replaceNames ? '' : ` ${id}-warning`}`}
        />
        <label htmlFor={`${id}-replace`}>{replaceNamesLabel}</label>
        <p id={`${id}-help`} className="field-help">{namesHelp}</p>
      </div>
      {!replaceNames && (
        <p id={`${id}-warning`} className="names-warning" role="alert">
          {namesSentWarning}
        </p>
      )}
      {namesSentBy.length > 0 && (
        <>
          <h3 id={`${id}-tools`} className="names-tools-title">Tools that send names as typed</h3>
          <p className="field-help">
            {replaceNames
              ? 'You chose to send names as typed in these tools.'
              : 'You chose to send names as typed in these tools; they keep doing so when you turn the switch above back on.'}
          </p>
          <ul ref={listRef} className="names-tools" aria-labelledby={`${id}-tools`}>
            {namesSentBy.map((toolId, index) => (
              <li key={toolId}>
                <span>{titleOf(toolId)}</span>
                <button type="button" className="button" onClick={() => replaceAgain(toolId, index)}>
                  Replace names again <span className="visually-hidden">in {titleOf(toolId)}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {status && <p className="hint" role="status">{status}</p>}
    </section>
  );
}
