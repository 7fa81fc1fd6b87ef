import './ExportMenu.css';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ExportFormat, ExportInput } from './format';
import type { ResultExports } from './exportFormats';
import { messageOf } from '../../kernel/messages';
import { Icon } from '../../ui/Icon';

/*
 * Export under a result or a saved item: a button that opens the
 * formats this result can be taken out as, found when it opens (the
 * formats' code loads then, never with the page). Choosing one downloads
 * the file; a failure says why and leaves the result as it was.
 */

type Formats = { status: 'closed' } | { status: 'loading' } | { status: 'open'; exports: ResultExports } | { status: 'failed'; message: string };

export function ExportMenu({ toolId, input, itemLabel }: { toolId: string; input: ExportInput; itemLabel?: string }) {
  const [state, setState] = useState<Formats>({ status: 'closed' });
  const moduleRef = useRef<typeof import('./exportFormats') | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The format being made (a Word file takes a moment): its entry is disabled meanwhile. */
  const [working, setWorking] = useState<string | null>(null);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = state.status !== 'closed';

  async function toggle() {
    if (open) {
      setState({ status: 'closed' });
      return;
    }
    setState({ status: 'loading' });
    try {
      moduleRef.current ??= await import('./exportFormats');
      const exports = await moduleRef.current.exportsFor(toolId, input);
      flushSync(() => setState({ status: 'open', exports }));
      document.getElementById(`${id}-list`)?.querySelector('button')?.focus();
    } catch (failure) {
      setState({ status: 'failed', message: `Could not load the export formats: ${messageOf(failure)}` });
    }
  }

  async function choose(format: ExportFormat, exports: ResultExports) {
    if (working) return;
    setWorking(format.key);
    setError(null);
    setDone(null);
    try {
      // Loaded when the menu opened, with the formats listed in it.
      const name = await moduleRef.current!.exportAs(format, exports.input, exports.context);
      setDone(name ? `Exported ${name}.` : null);
      flushSync(() => setState({ status: 'closed' }));
      buttonRef.current?.focus();
    } catch (failure) {
      setError(`Could not export as ${format.label}: ${messageOf(failure)}`);
    } finally {
      setWorking(null);
    }
  }

  return (
    <div className="export-menu" onKeyDown={(event) => {
      if (event.key === 'Escape' && open) {
        event.stopPropagation();
        flushSync(() => setState({ status: 'closed' }));
        buttonRef.current?.focus();
      }
    }}>
      <button ref={buttonRef} type="button" className="button" aria-expanded={open} aria-controls={`${id}-list`} onClick={() => void toggle()}>
        <Icon name="download" />
        <span>Export</span>
        {itemLabel && <span className="visually-hidden"> {itemLabel}</span>}
      </button>
      {state.status === 'open' && (
        state.exports.formats.length > 0 ? (
          <ul id={`${id}-list`} className="export-formats" aria-label="Export formats">
            {state.exports.formats.map((format) => (
              <li key={format.key}>
                <button type="button" className="button button-quiet" aria-disabled={working !== null} onClick={() => void choose(format, state.exports)}>
                  {format.label}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p id={`${id}-list`} className="hint">No file format for this kind of result yet: use Copy, or export its project as Markdown.</p>
        )
      )}
      {state.status === 'loading' && <p className="hint" role="status">Finding the formats for this result…</p>}
      {working && <p className="hint" role="status">Making the file…</p>}
      {state.status === 'failed' && <p className="inline-error" role="alert">{state.message}</p>}
      {error && <p className="inline-error" role="alert">{error}</p>}
      {done && <p className="visually-hidden" role="status">{done}</p>}
    </div>
  );
}
